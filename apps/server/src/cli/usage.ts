import { isGroup, type Command, type CommandEntry, type CommandGroup } from './command.js';
import { formatTable } from './format-table.js';

const indent = (lines: string[]) => lines.map((line) => `  ${line}`);

function commandRows(commands: readonly Command[]) {
  return commands.map((command) => [`${command.name} ${command.synopsis}`.trim(), command.summary]);
}

export function topUsage(entries: readonly CommandEntry[]): string {
  const commands = entries.flatMap((entry) => (isGroup(entry) ? entry.commands : [entry]));
  return [
    'Usage: masthead <command> [arguments]',
    '',
    "Manages Masthead's domains and their settings, members, content keys, webhooks, custom fields, and the",
    "built-in sign-in's accounts and keys, migrates the database, recounts the post counters, makes",
    'missing image variants, and backs up and restores the embedded one.',
    'It reads the same environment as the server (DATABASE_URL, or PGlite in DATA_DIR) and refuses to',
    "open PGlite's data folder while the server is running on it (a backup then asks the server to",
    'write it).',
    '',
    'Commands:',
    ...indent(formatTable([...commandRows(commands), ['help [command]', 'show the help of a command']])),
    '',
    "Run 'masthead <command> --help' for the details of a command.",
    '',
  ].join('\n');
}

export function groupUsage(group: CommandGroup): string {
  return [
    `Usage: masthead ${group.name} <command> [arguments]`,
    '',
    `${group.summary}.`,
    '',
    'Commands:',
    ...indent(formatTable(commandRows(group.commands))),
    '',
    `Run 'masthead ${group.name} <command> --help' for the details of a command.`,
    '',
  ].join('\n');
}

function optionLabel(name: string, spec: Command['options'][string]) {
  const short = spec.short ? `-${spec.short}, ` : '';
  const value = spec.type === 'string' ? ` <${spec.valueName ?? 'value'}>` : '';
  return `${short}--${name}${value}${spec.multiple ? '...' : ''}`;
}

export function commandUsage(command: Command): string {
  const options = [
    ...Object.entries(command.options).map(([name, spec]) => [optionLabel(name, spec), spec.description]),
    ['-h, --help', 'show this help'],
  ];
  return [
    `Usage: masthead ${command.name} ${command.synopsis}`.trimEnd(),
    '',
    command.description,
    '',
    'Options:',
    ...indent(formatTable(options)),
    '',
  ].join('\n');
}
