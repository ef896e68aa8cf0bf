import { defineNoun } from '../../executor/spec.js';
import { login, logout, token } from './login.js';
import { status } from './status.js';

export const noun = defineNoun({
  name: 'auth',
  summary: 'Log in, show status, log out, print the token',
  commands: [login, status, logout, token],
});
