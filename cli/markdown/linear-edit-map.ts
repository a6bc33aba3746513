import { EditMap, type Change } from 'micromark-util-edit-map';
import type { Event } from 'micromark-util-types';

type Consume = (this: EditMap, events: Event[]) => undefined;

/** micromark's own `consume`, kept for the test that compares the two. */
export const upstreamConsume: Consume = EditMap.prototype.consume;

/**
 * The same edits as micromark's `EditMap.consume`, made from the first
 * edited index on: the events before it stay where they are.
 *
 * micromark 4.0.3 rebuilds the whole array on every consume. The document
 * tokenizer consumes an edit near the end of the page's events each time a
 * container closes its flow (every list item, every block quote), so a page
 * of long lists took time in the square of its length: unidocs' 994 KB
 * release notes (6,916 lines of nested lists) spent 4.6 s of a 5 s parse
 * there. 4.0.2 spliced in place, which costs only the tail.
 */
export function consumeFromFirstEdit(this: EditMap, events: Event[]): undefined {
  const changes: Change[] = this.map;
  if (changes.length === 0) return;
  changes.sort((a, b) => a[0] - b[0]);
  const first = changes[0]![0];
  const tail: Event[] = [];
  // As upstream: the events between one change's removal and the next change's index, then that change's additions.
  let cursor = first;
  for (const [at, remove, add] of changes) {
    for (let i = cursor; i < at; i++) tail.push(events[i]!);
    for (const event of add) tail.push(event);
    cursor = at + remove;
  }
  for (let i = cursor; i < events.length; i++) tail.push(events[i]!);
  events.length = first;
  for (const event of tail) events.push(event);
  changes.length = 0;
  this.index.clear();
}

/**
 * Makes every EditMap (the one copy micromark imports) consume from its
 * first edit. Left alone when the class is not the shape this was written
 * for (a later micromark-util-edit-map), so a change there costs speed, not output.
 */
export function useLinearEditMap(): void {
  const probe = new EditMap() as Partial<EditMap>;
  if (!Array.isArray(probe.map) || !(probe.index instanceof Map) || EditMap.prototype.consume.length !== 1) return;
  EditMap.prototype.consume = consumeFromFirstEdit;
}
