import { z } from 'zod';

export const BASELINE_VERSION = 1;

/**
 * One known problem: its code, its file (relative to the project root), and
 * its fingerprint, the offending text (a link's URL, a constant's name, …)
 * with its occurrence index among the problems of that code and text in the
 * file (0 for the first, in file order). No line number: the entry still
 * matches after lines are added above the problem, or the text moves.
 */
export const BaselineEntrySchema = z.strictObject({
  file: z.string().min(1),
  code: z.string().min(1),
  text: z.string(),
  occurrence: z.number().int().min(0),
});
export type BaselineEntry = z.output<typeof BaselineEntrySchema>;

/** docsbuild-baseline.json: the problems a site had when it was written, sorted by file, code, text and occurrence. */
export const BaselineSchema = z.strictObject({
  version: z.literal(BASELINE_VERSION),
  problems: z.array(BaselineEntrySchema),
});
export type Baseline = z.output<typeof BaselineSchema>;
