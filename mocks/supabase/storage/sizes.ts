/** "50MiB", "5MB", "800KiB" (supabase/config.toml's sizes) in bytes. */
export function parseSize(value: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(B|KB|KiB|MB|MiB|GB|GiB)?$/i.exec(value.trim());
  if (!match) throw new Error(`Not a size: ${value}`);
  const unit = (match[2] ?? 'B').toLowerCase().replace('ib', 'b');
  const factor = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }[unit] ?? 1;
  return Math.round(Number(match[1]) * factor);
}
