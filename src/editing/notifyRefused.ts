import type { useNotify } from 'react-admin';

/**
 * The error toast of a restore that left `refused` entries in the trash: when every one of them
 * was refused because a record with its id exists again (`idTaken`), it says so; otherwise the
 * general reasons.
 */
export function notifyRefused(notify: ReturnType<typeof useNotify>, refused: number, idTaken: number) {
  notify(refused === idTaken ? 'labellens.trash.id_taken' : 'labellens.trash.refused', {
    type: 'error',
    messageArgs: { smart_count: refused },
  });
}
