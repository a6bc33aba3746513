/**
 * A problem the user fixes by running the command differently: a bad flag or
 * config file, a busy output folder, a port in use. The CLI prints its
 * message alone and exits 2; anything else that escapes is a bug of ours.
 */
export class UsageError extends Error {}
