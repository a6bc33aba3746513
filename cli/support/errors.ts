/**
 * A problem the user fixes by running the command differently: a bad flag or
 * config file, a busy output folder, a port in use. The CLI prints its
 * message alone and exits 2; anything else that escapes is a bug of ours.
 */
export class UsageError extends Error {}

/** A file-system error the user fixes on their machine (a full disk, a folder without permission), in words. */
export function environmentProblem(error: unknown): string | undefined {
  const { code, path: where, syscall } = error as NodeJS.ErrnoException;
  const place = where ? ` (${syscall ?? 'access'} ${where})` : '';
  switch (code) {
    case 'ENOSPC':
      return `The disk is full${place}: free some space and build again. The previous output is left as it was.`;
    case 'EDQUOT':
      return `The disk quota is used up${place}: free some space and build again.`;
    case 'EACCES':
    case 'EPERM':
      return `Permission denied${place}: make it readable and writable for this user, or choose other --content/--out folders.`;
    case 'EROFS':
      return `The file system is read-only${place}: choose an --out on a writable disk.`;
    case 'EMFILE':
    case 'ENFILE':
      return `Too many open files${place}: raise the limit (ulimit -n) or use fewer --threads.`;
    default:
      return undefined;
  }
}
