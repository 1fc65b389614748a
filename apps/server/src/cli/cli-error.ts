/**
 * A mistake in how the command was typed (unknown command or option, missing argument, bad value).
 * Reported as one line plus a pointer to the help of `command`, with exit code 2.
 */
export class UsageError extends Error {
  constructor(
    message: string,
    /** The command whose --help explains the mistake, e.g. 'member add'; '' for the top level. */
    readonly command = '',
  ) {
    super(message);
  }
}

/**
 * Well-typed arguments the data refuses: an unknown domain, a duplicate, an invalid fields file.
 * Reported as one line with exit code 2, like a usage mistake, but without the help pointer.
 */
export class InputError extends Error {}

/** Exit codes: 2 for anything the caller can fix by changing the command, 1 for everything else. */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_BAD_INPUT = 2;
