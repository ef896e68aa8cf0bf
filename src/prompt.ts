import { CancelError, UsageError } from './errors.js';

/** What commands may ask a person; tests pass a scripted one. */
export interface Prompter {
  input(message: string, options?: { default?: string; validate?: (v: string) => true | string }): Promise<string>;
  password(message: string): Promise<string>;
  confirm(message: string, defaultValue?: boolean): Promise<boolean>;
  select(message: string, choices: readonly string[]): Promise<string>;
}

/** inquirer, loaded only when a prompt is actually shown. */
export class InquirerPrompter implements Prompter {
  private async inquirer() {
    const mod = await import('inquirer');
    return mod.default;
  }

  private async ask<T>(question: Record<string, unknown>): Promise<T> {
    const inquirer = await this.inquirer();
    try {
      const answers = await inquirer.prompt([{ name: 'value', ...question } as never]);
      return (answers as { value: T }).value;
    } catch (err) {
      if ((err as Error).name === 'ExitPromptError') throw new CancelError();
      throw err;
    }
  }

  input(message: string, options: { default?: string; validate?: (v: string) => true | string } = {}) {
    return this.ask<string>({ type: 'input', message, default: options.default, validate: options.validate });
  }

  password(message: string) {
    return this.ask<string>({ type: 'password', message, mask: '*' });
  }

  confirm(message: string, defaultValue = false) {
    return this.ask<boolean>({ type: 'confirm', message, default: defaultValue });
  }

  select(message: string, choices: readonly string[]) {
    return this.ask<string>({ type: 'list', message, choices });
  }
}

/** Used when prompting is not allowed: every question is a usage error naming what was missing. */
export class NoPrompter implements Prompter {
  private refuse(message: string): never {
    throw new UsageError(`${message.replace(/[:?]\s*$/, '')}: cannot prompt (no terminal or --no-input)`);
  }
  input(message: string): Promise<string> {
    return this.refuse(message);
  }
  password(message: string): Promise<string> {
    return this.refuse(message);
  }
  confirm(message: string): Promise<boolean> {
    return this.refuse(message);
  }
  select(message: string): Promise<string> {
    return this.refuse(message);
  }
}
