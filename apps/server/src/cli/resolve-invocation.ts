import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './cli-error.js';
import { isGroup, type Command, type CommandEntry, type ParsedArgs } from './command.js';
import { commandUsage, groupUsage, topUsage } from './usage.js';

export type Invocation = { kind: 'help'; text: string } | { kind: 'run'; command: Command; args: ParsedArgs };

const isHelpFlag = (arg: string) => arg === '-h' || arg === '--help';

/** --help anywhere before `--` wins over every other argument, even wrong ones. */
const wantsHelp = (args: string[]) =>
  args.slice(0, args.includes('--') ? args.indexOf('--') : undefined).some(isHelpFlag);

/** parseArgs explains itself in two sentences; the first one is the problem. */
function parseArgsProblem(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const first = (message.split('. ')[0] ?? message)
    .replace(/'-\w, (--[\w-]+)/, "'$1")
    .replace(/ <value>' argument missing$/, "' needs a value");
  return first.charAt(0).toLowerCase() + first.slice(1);
}

function commandInvocation(command: Command, args: string[]): Invocation {
  if (wantsHelp(args)) return { kind: 'help', text: commandUsage(command) };
  const options: ParseArgsConfig['options'] = Object.fromEntries(
    Object.entries(command.options).map(([name, spec]) => [
      name,
      {
        type: spec.type,
        ...(spec.short ? { short: spec.short } : {}),
        ...(spec.multiple ? { multiple: true } : {}),
      },
    ]),
  );
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(parseArgsProblem(error), command.name);
  }
  const { positionals } = parsed;
  const expected = command.positionals;
  if (positionals.length < expected.length) {
    throw new UsageError(`missing <${expected[positionals.length]}>`, command.name);
  }
  if (positionals.length > expected.length) {
    throw new UsageError(`unexpected argument '${positionals[expected.length]}'`, command.name);
  }
  const values = parsed.values as ParsedArgs['values'];
  return { kind: 'run', command, args: { positionals, values } };
}

/** Finds the command that argv names and checks its arguments' shape. Throws UsageError. */
export function resolveInvocation(argv: string[], entries: readonly CommandEntry[]): Invocation {
  const [first, ...rest] = argv;
  if (first === undefined || isHelpFlag(first)) return { kind: 'help', text: topUsage(entries) };
  // `help domain add` is `domain add --help`.
  if (first === 'help') return resolveInvocation(rest.length === 0 ? [] : [...rest, '--help'], entries);
  if (first.startsWith('-')) throw new UsageError(`unknown option '${first}'`);

  const entry = entries.find((e) => e.name === first);
  if (!entry) throw new UsageError(`unknown command '${first}'`);
  if (!isGroup(entry)) return commandInvocation(entry, rest);

  const [second, ...args] = rest;
  const names = entry.commands.map((c) => c.name.slice(entry.name.length + 1));
  if (second === undefined) throw new UsageError(`'${first}' needs a command: ${names.join(', ')}`, first);
  if (isHelpFlag(second)) return { kind: 'help', text: groupUsage(entry) };
  const command = entry.commands.find((c) => c.name === `${first} ${second}`);
  if (!command) throw new UsageError(`unknown command '${first} ${second}' (try ${names.join(', ')})`, first);
  return commandInvocation(command, args);
}
