import { HttpError } from 'react-admin';
import type { Json, Tables } from '../database.types';
import type { DatabaseClient } from '../domain/database';
import type { AudienceDefinition } from '../domain/pushAudience';

export type PushSend = Tables<'push_sends'>;
export type SavedAudience = Tables<'push_audiences'>;
export type PushDelivery = Tables<'push_deliveries'>;
export type PushSettings = Tables<'push_settings'>;
/** What a send says and when: the texts and time push_send_create and push_send_change take. */
export interface PushTexts {
  title_en: string;
  body_en: string;
  title_hi?: string;
  body_hi?: string;
  send_at_local?: string;
  urgent: boolean;
}
export interface AudienceCount {
  people: number;
  devices: number;
}
export interface PushOperator {
  user_id: string;
  email: string | null;
  role: string;
}
/** push_send_set_status's moves: cancel until it starts, pause while it sends, resume (sending). */
export type SendStatusChange = 'cancelled' | 'paused' | 'sending';

/** The sends list shows this many, newest first. */
export const SENDS_SHOWN = 50;
/** The failure log shows this many failed devices of a send. */
export const FAILURES_SHOWN = 100;
/** Suggestions for conditions and allergies come from this many family profiles. */
const TAG_PROFILES = 1000;

interface Answer<T> {
  data: T | null;
  error: { message: string; code?: string } | null;
  status: number;
}

function answer<T>({ data, error, status }: Answer<T>): T {
  if (error) throw new HttpError(error.message, status, error);
  return data as T;
}

const json = (definition: AudienceDefinition) => definition as NonNullable<Json>;

/**
 * The data provider's push-audience methods: the composer's RPCs (supabase/schemas/47_push_audiences.sql and 48_push_sends.sql,
 * each checking the caller's role), the saved audiences and sends under row-level security, and the
 * sends' changes through Realtime. The database decides; the screen only hides what a role may not do.
 */
export function createPushMethods(client: DatabaseClient) {
  return {
    async countAudience(definition: AudienceDefinition): Promise<AudienceCount> {
      return answer(
        await client.rpc('push_audience_count', { definition: json(definition) }),
      ) as unknown as AudienceCount;
    },
    async sampleAudience(definition: AudienceDefinition) {
      return answer(await client.rpc('push_audience_sample', { definition: json(definition) })) ?? [];
    },
    /** Conditions and allergies the family profiles name, for the composer's suggestions. */
    async audienceTags(): Promise<{ conditions: string[]; allergies: string[] }> {
      const rows =
        answer(await client.from('profiles').select('health_conditions, allergies').limit(TAG_PROFILES)) ??
        [];
      const sorted = (values: (string[] | null)[]) => [...new Set(values.flatMap((v) => v ?? []))].sort();
      return {
        conditions: sorted(rows.map((r) => r.health_conditions)),
        allergies: sorted(rows.map((r) => r.allergies)),
      };
    },
    async listAudiences(): Promise<SavedAudience[]> {
      return answer(await client.from('push_audiences').select('*').order('name')) ?? [];
    },
    async saveAudience(name: string, definition: AudienceDefinition): Promise<SavedAudience> {
      return answer(
        await client
          .from('push_audiences')
          .insert({ name, definition: json(definition) })
          .select('*')
          .single(),
      );
    },
    async createPushSend(
      definition: AudienceDefinition,
      texts: PushTexts,
      audienceId?: string,
    ): Promise<PushSend> {
      return answer(
        await client.rpc('push_send_create', {
          definition: json(definition),
          ...texts,
          audience_id: audienceId,
        }),
      ) as PushSend;
    },
    async listPushSends(): Promise<PushSend[]> {
      return (
        answer(
          await client
            .from('push_sends')
            .select('*')
            .order('created_at', { ascending: false })
            .limit(SENDS_SHOWN),
        ) ?? []
      );
    },
    async pushOperators(): Promise<PushOperator[]> {
      return answer(await client.rpc('push_operators')) ?? [];
    },
    async approvePushSend(send: string): Promise<PushSend> {
      return answer(await client.rpc('push_send_approve', { send })) as PushSend;
    },
    async setPushSendStatus(send: string, status: SendStatusChange): Promise<PushSend> {
      return answer(await client.rpc('push_send_set_status', { send, new_status: status })) as PushSend;
    },
    async changePushSend(send: string, texts: PushTexts): Promise<PushSend> {
      return answer(await client.rpc('push_send_change', { send, ...texts })) as PushSend;
    },
    async pushFailures(send: string): Promise<PushDelivery[]> {
      return (
        answer(
          await client
            .from('push_deliveries')
            .select('*')
            .eq('send_id', send)
            .in('status', ['failed', 'removed', 'capped'])
            .order('updated_at', { ascending: false })
            .limit(FAILURES_SHOWN),
        ) ?? []
      );
    },
    async pushSettings(): Promise<PushSettings> {
      return answer(await client.from('push_settings').select('*').single());
    },
    async updatePushSettings(settings: {
      approval_threshold?: number;
      daily_cap?: number;
    }): Promise<PushSettings> {
      return answer(await client.rpc('update_push_settings', settings)) as PushSettings;
    },
    /**
     * Calls `onChange` with each send row Realtime reports (inserted or updated: the counters move as
     * the worker records answers; row-level security decides who hears). Resolves to the unsubscribe
     * (a promise: react-admin's provider proxy accepts nothing else from a data provider method).
     */
    async watchPushSends(onChange: (row: PushSend) => void, onJoined?: () => void): Promise<() => void> {
      const channel = client
        .channel(`push-sends-${Math.random().toString(36).slice(2)}`)
        .on('postgres_changes', { event: '*', schema: 'public', table: 'push_sends' }, (payload) => {
          if (payload.new && 'id' in payload.new) onChange(payload.new as PushSend);
        })
        .subscribe((status) => {
          if (status === 'SUBSCRIBED') onJoined?.();
        });
      return () => {
        void client.removeChannel(channel);
      };
    },
  };
}

export type PushMethods = ReturnType<typeof createPushMethods>;
