import type { Context } from '../../context.js';
import { buildNoun } from '../build.js';
import { defineNoun } from '../spec.js';

export const noun = defineNoun({
  name: 'group',
  summary: 'TODO',
  commands: [],
});

export const build = (getCtx: () => Context) => buildNoun(noun, getCtx);
