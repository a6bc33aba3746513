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
      return `${where} has the wrong shape: ${firstUnionMessage(issue)}`;
    case 'invalid_key': {
      // The key's own rule says what is wrong ("must start with a single /"); zod's message only that it is a key.
      const reasons = [...new Set(issue.issues.map((inner) => inner.message))];
      return reasons.length === 0 ? `${where} is not a valid key.` : `${where}: the key ${reasons.join('; ')}.`;
    }
    default:
      return `${where} ${issue.message.charAt(0).toLowerCase()}${issue.message.slice(1)}${issue.message.endsWith('.') ? '' : '.'}`;
  }
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function firstUnionMessage(issue: z.core.$ZodIssueInvalidUnion): string {
  const messages = issue.errors.flat().map((e) => e.message);
  return messages.length > 0 ? [...new Set(messages)].join('; or ') : issue.message;
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
