import { InputError } from './cli-error.js';

/** The part of process.stdin a hidden prompt needs (tests hand in a fake terminal). */
export interface TerminalInput {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
  on(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
  off(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
  resume(): unknown;
  pause(): unknown;
}

const ENTER = new Set(['\r', '\n']);
const CTRL_C = '\u0003';
const CTRL_D = '\u0004';
const BACKSPACE = new Set(['\u007f', '\b']);
const ESCAPE = '\u001b';

/**
 * Reads one line from the terminal without showing it: the terminal is put in raw mode, so nothing
 * is echoed, and the keys that edit or end a line are handled here. The prompt goes to `output`
 * (stderr), so that stdout still carries only results.
 */
export function readSecret(
  input: TerminalInput,
  output: { write(text: string): unknown },
  prompt: string,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let value = '';
    // Arrow and function keys arrive as escape sequences (ESC [ … final byte); none of it is typed text.
    let escape: 'none' | 'started' | 'sequence' = 'none';
    const finish = (error?: Error) => {
      input.off('data', onData);
      input.setRawMode?.(false);
      input.pause();
      output.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    function onData(chunk: Buffer | string) {
      for (const char of chunk.toString()) {
        if (escape === 'started') {
          escape = char === '[' || char === 'O' ? 'sequence' : 'none';
          continue;
        }
        if (escape === 'sequence') {
          if (char >= '@' && char <= '~') escape = 'none';
          continue;
        }
        if (ENTER.has(char)) return finish();
        if (char === CTRL_C || (char === CTRL_D && value === '')) return finish(new InputError('cancelled'));
        if (char === ESCAPE) escape = 'started';
        else if (BACKSPACE.has(char)) value = Array.from(value).slice(0, -1).join('');
        else if (char >= ' ') value += char;
      }
    }
    output.write(prompt);
    input.setRawMode?.(true);
    input.resume();
    input.on('data', onData);
  });
}
