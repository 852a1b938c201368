/**
 * `--format mermaid|dot` of `callers`, `callees`, `trace` and `impact`: the answer as a diagram
 * (output/pictures/) instead of text. Several answers (a name several declarations share) are
 * one picture: their sub-graphs drawn together, each node once.
 */
import type { CallersResult, ImpactResult, NodeRef, TraceResult } from '@arbor/query';
import { text } from '../command-line/command-spec.js';
import { nodeName, location } from '../output/format.js';
import { toDot } from '../output/pictures/dot.js';
import { toMermaid } from '../output/pictures/mermaid.js';
import { callsPicture, impactPicture, PictureBuilder, pictureTitle, tracePicture } from '../output/pictures/picture.js';

export const PICTURE_FORMATS = ['text', 'mermaid', 'dot'] as const;
export type PictureFormat = (typeof PICTURE_FORMATS)[number];

export const formatOption = {
  format: text('text, or the answered sub-graph as a diagram: mermaid (renders in pull requests) or dot (Graphviz)', { default: 'text' }),
};

/** The usage mistake in --format, if any. */
export function formatProblem(args: { format?: string; json?: boolean }): string | undefined {
  const format = args.format ?? 'text';
  if (!(PICTURE_FORMATS as readonly string[]).includes(format)) return `--format is one of ${PICTURE_FORMATS.join(', ')}, not ${JSON.stringify(format)}`;
  if (format !== 'text' && args.json) return `--format ${format} and --json cannot be combined: choose one output`;
  return undefined;
}

type Answer = CallersResult | TraceResult | ImpactResult;
type Kind = 'callers' | 'callees' | 'trace' | 'impact';

/** The answers (one per definition answered) as one diagram; `notes` become comments in it. */
export function drawAnswers(kind: Kind, format: Exclude<PictureFormat, 'text'>, answers: Answer[], notes: string[] = []): string {
  const builder = new PictureBuilder();
  for (const answer of answers) {
    if (kind === 'trace') tracePicture(answer as TraceResult, builder);
    else if (kind === 'impact') impactPicture(answer as ImpactResult, builder);
    else callsPicture(answer as CallersResult, builder);
  }
  builder.notes.push(...notes);
  const picture = builder.build(pictureTitle(kind, answers));
  return format === 'mermaid' ? toMermaid(picture) : toDot(picture);
}

/** The note for declarations sharing the name that the picture does not draw. */
export function notDrawnNote(name: string, others: readonly NodeRef[]): string {
  return `also named ${name}, not drawn: ${others.map((n) => `${nodeName(n)} ${location(n)}`).join(', ')}`;
}
