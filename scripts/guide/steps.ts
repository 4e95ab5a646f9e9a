import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The edits a guide's example makes, read from the guide itself: every fenced block preceded by
 * a marker comment is one edit, so the page and scripts/newResource.test.ts cannot drift apart.
 *
 *   <!-- example:<id> create <path> -->           the block is the whole new file
 *   <!-- example:<id> append <path> -->           the block goes at the end of the file
 *   <!-- example:<id> after <path> :: <line> -->  the block goes after the first line equal to
 *                                                 <line> (both trimmed)
 *   <!-- example:<id> run -->                     the block is one shell command per line
 */
export type GuideStep =
  | { kind: 'create' | 'append'; file: string; text: string }
  | { kind: 'after'; file: string; anchor: string; text: string }
  | { kind: 'run'; commands: string[] };

const MARKER =
  /<!-- example:([\w-]+) (create|append|after|run)\s*((?:(?!-->).)*?)\s*-->\s*```[\w-]*\n([\s\S]*?)```/g;

/** How many example markers the page has (each must be read as a step). */
export const markerCount = (markdown: string, example: string) =>
  markdown.split(`<!-- example:${example} `).length - 1;

/** The example's steps, in the page's order. */
export function guideSteps(markdown: string, example: string): GuideStep[] {
  const steps: GuideStep[] = [];
  for (const [, id, kind, args, text] of markdown.matchAll(MARKER)) {
    if (id !== example) continue;
    if (kind === 'run') steps.push({ kind, commands: text.split('\n').filter((l) => l.trim()) });
    else if (kind === 'after') {
      const [file, anchor] = args.split(' :: ');
      steps.push({ kind, file: file.trim(), anchor: anchor.trim(), text });
    } else steps.push({ kind: kind as 'create' | 'append', file: args.trim(), text });
  }
  return steps;
}

/** The file's text after one step (`before`: its text, undefined if it does not exist). */
export function applyToText(before: string | undefined, step: Exclude<GuideStep, { kind: 'run' }>): string {
  if (step.kind === 'create') return step.text;
  if (before === undefined) throw new Error(`${step.file} does not exist for the guide's lines`);
  if (step.kind !== 'after') return before + (before.endsWith('\n') ? '' : '\n') + step.text;
  const lines = before.split('\n');
  const at = lines.findIndex((line) => line.trim() === step.anchor.trim());
  // A missing anchor names the step, as a reader would be stuck there.
  if (at < 0) throw new Error(`${step.file} has no line "${step.anchor}" to add the guide's lines after`);
  lines.splice(at + 1, 0, ...step.text.replace(/\n$/, '').split('\n'));
  return lines.join('\n');
}

/** Applies one file step to the file under `root`. */
export function applyFileStep(root: string, step: Exclude<GuideStep, { kind: 'run' }>) {
  const file = path.join(root, step.file);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, applyToText(existsSync(file) ? readFileSync(file, 'utf8') : undefined, step));
}
