import type { z } from 'zod';

/** A zod issue in words a writer understands, without zod's jargon. */
export function describeIssue(issue: z.core.$ZodIssue, root: unknown): string {
  const where = issue.path.length > 0 ? `"${issue.path.map(String).join('.')}"` : 'The value';
  switch (issue.code) {
    case 'invalid_type': {
      const received = valueAt(root, issue.path);
      if (received === undefined) return `${where} is required.`;
      return `${where} must be ${article(issue.expected)}, not ${describeValue(received)}.`;
    }
    case 'invalid_value':
      return `${where} must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}.`;
    case 'unrecognized_keys':
      return `Unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}.`;
    case 'too_small':
      return `${where} ${issue.origin === 'string' ? `must not be empty` : `is too small (${issue.message})`}.`;
    case 'invalid_union':
      return describeUnion(issue, root, where);
    case 'invalid_key': {
      // The key's own rule says what is wrong ("must start with a single /"); zod's message only that it is a key.
      const reasons = [...new Set(issue.issues.map((inner) => inner.message))];
      return reasons.length === 0 ? `${where} is not a valid key.` : `${where}: the key ${reasons.join('; ')}.`;
    }
    default:
      return `${where} ${issue.message.charAt(0).toLowerCase()}${issue.message.slice(1)}${issue.message.endsWith('.') ? '' : '.'}`;
  }
}

/**
 * A value that fits none of a union's forms, by the forms of its own type
 * (an object for an object) that it comes closest to, fewest issues first:
 * `"sidebar.1.link" is required`, not every form it is not. A value of no
 * form's type is told which types would do.
 */
function describeUnion(issue: z.core.$ZodIssueInvalidUnion, root: unknown, where: string): string {
  const value = valueAt(root, issue.path);
  const isTypeMismatch = (inner: z.core.$ZodIssue) => inner.path.length === 0 && inner.code === 'invalid_type';
  const ofItsType = issue.errors.filter((form) => form.length > 0 && !form.some(isTypeMismatch));
  if (ofItsType.length > 0) {
    const fewest = Math.min(...ofItsType.map((form) => form.length));
    const closest = ofItsType.filter((form) => form.length === fewest);
    const told = closest.map((form) => form.map((inner) => describeIssue({ ...inner, path: [...issue.path, ...inner.path] }, root)).join(' '));
    return `${[...new Set(told)].map((text) => text.replace(/\.$/, '')).join('; or ')}.`;
  }
  if (value === undefined) return `${where} is required.`;
  const expected = [...new Set(issue.errors.flat().flatMap((inner) => (inner.code === 'invalid_type' ? [article(inner.expected)] : [])))];
  if (expected.length === 0) return `${where} has the wrong shape: ${issue.message}.`;
  return `${where} must be ${expected.join(' or ')}, not ${describeValue(value)}.`;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}


function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return `${typeof value} ${JSON.stringify(value)}`;
}
