import { Argument, Command, Option } from 'commander';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { firstPositional, showGlobalFlags } from '../global-flags.js';
import { execute } from './execute.js';
import { argDescription, argUsage, commandOptions, globalUses, type OptionDecl, otherFlagNamesOf } from './options.js';
import type { CommandSpec, NounSpec } from './spec.js';
import { executeWithSubject } from './subject.js';
import { parseEnum } from './validate.js';

type ActionRunner = (ctx: Context, spec: CommandSpec, args: unknown[], opts: Record<string, unknown>) => Promise<void>;

/** A commander option as declared. */
function commanderOption(decl: OptionDecl): Option {
  const option = new Option(decl.flags, decl.description);
  // commander keeps only the last value of an option: a repeatable flag collects them all.
  // `--no-x` shares the value: what it left (false) is no list to add to.
  if (decl.repeatable) option.argParser((value: string, previous: unknown) => [...(Array.isArray(previous) ? previous : []), value]);
  return decl.hidden ? option.hideHelp() : option;
}

/** One commander command from a declaration. */
export function buildCommand(spec: CommandSpec, getCtx: () => Context, runner: ActionRunner = execute): Command {
  const cmd = new Command(spec.name).description(spec.summary + (spec.admin ? ' (administrators)' : ''));
  if (spec.description) cmd.summary(spec.summary).description(spec.description);
  for (const alias of spec.aliases ?? []) cmd.alias(alias);
  for (const arg of spec.args ?? []) {
    const argument = new Argument(argUsage(spec, arg), argDescription(spec, arg));
    const choices = arg.choices;
    // Help lists the choices; a value not among them gets collab's own wording, not commander's.
    cmd.addArgument(
      choices ? argument.choices(choices).argParser((value: string) => parseEnum(value, `<${arg.name}>`, choices)) : argument,
    );
  }
  for (const option of commandOptions(spec)) cmd.addOption(commanderOption(option));
  showGlobalFlags(cmd, globalUses(spec));
  const notes = spec.notes ? `\n${spec.notes}\n` : '';
  if (spec.examples.length) cmd.addHelpText('after', `${notes}\nExamples:\n${spec.examples.map((e) => `  $ ${e}`).join('\n')}\n`);
  // `--x` and `--no-x` share one commander value (the last wins), so a declared conflict between
  // them is invisible in opts: record which flags were actually given, by the name typed (glab's
  // `--label` is named so, not as the `--add-labels` it stands for).
  const given = new Map<string, string>();
  const others = otherFlagNamesOf(spec);
  for (const flag of spec.flags ?? [])
    for (const name of [flag.name, ...(others.get(flag) ?? [])]) cmd.on(`option:${name}`, () => given.set(flag.name, name));
  cmd.action(async (...actionArgs: unknown[]) => {
    for (const flag of spec.flags ?? [])
      for (const other of flag.conflicts ?? [])
        if (given.has(flag.name) && given.has(other))
          throw new UsageError(`--${given.get(flag.name)} and --${given.get(other)} cannot be used together`);
    const command = actionArgs[actionArgs.length - 1] as Command;
    const positional = actionArgs.slice(0, (spec.args ?? []).length);
    await runner(getCtx(), spec, positional, command.opts());
  });
  (cmd as Command & { collabSpec?: CommandSpec }).collabSpec = spec;
  return cmd;
}

function stubCommand(spec: CommandSpec): Command {
  const stub = new Command(spec.name).description(spec.summary + (spec.admin ? ' (administrators)' : ''));
  for (const alias of spec.aliases ?? []) stub.alias(alias);
  for (const arg of spec.args ?? []) stub.argument(argUsage(spec, arg), arg.description);
  stub.action(() => {
    throw new Error(`internal: the stub of "${spec.name}" was run; argv analysis missed the verb`);
  });
  return stub;
}

/**
 * A noun and its verbs (and nested nouns) as a commander subtree. `only`: the argv words after the
 * noun; when given, only the verb they name is built in full, the others are light stubs (name,
 * summary, arguments): enough for help and suggestions, and much cheaper at start-up.
 */
export function buildNoun(noun: NounSpec, getCtx: () => Context, only?: string[], runner?: ActionRunner): Command {
  const subject = noun.subject;
  runner ??= subject ? (ctx, spec, args, opts) => executeWithSubject(subject, ctx, spec, args, opts) : execute;
  const target = new Command(noun.name);
  target.description(noun.description ?? noun.summary);
  if (noun.description) target.summary(noun.summary);
  for (const alias of noun.aliases ?? []) target.alias(alias);
  const verb = only === undefined ? undefined : firstPositional(only);
  const rest = verb === undefined ? undefined : only!.slice(only!.indexOf(verb) + 1);
  const named = (name: string, aliases: readonly string[] = []) => verb === name || aliases.includes(verb ?? '');
  for (const spec of noun.commands) {
    const full = only === undefined || named(spec.name, spec.aliases);
    target.addCommand(full ? buildCommand(spec, getCtx, runner) : stubCommand(spec));
  }
  for (const nested of noun.nouns ?? []) {
    const nestedOnly = only === undefined ? undefined : named(nested.name, nested.aliases) ? rest : [];
    target.addCommand(buildNoun(nested, getCtx, nestedOnly, runner));
  }
  return target;
}
