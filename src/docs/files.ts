/** Where the generated completion scripts live, relative to the package root. */
export const COMPLETION_FILES = { bash: 'completions/collab.bash', zsh: 'completions/_collab', fish: 'completions/collab.fish' } as const;

export type Shell = keyof typeof COMPLETION_FILES;

export const SHELLS = Object.keys(COMPLETION_FILES) as Shell[];
