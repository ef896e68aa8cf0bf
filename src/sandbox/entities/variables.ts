import type { CiVariable } from '../ci-state.js';
import { entity, gitlab } from '../entity.js';

/**
 * `Ci::Variable` (lib/api/entities/ci/variable.rb) over a project's or a group's variable: a hidden
 * variable's value is never shown (`Ci::VariableValue#evaluate` answers nil for it).
 */
export const CI_VARIABLE = entity<CiVariable>('Ci::Variable: lib/api/entities/ci/variable.rb (Ci::Variable, Ci::GroupVariable)', {
  variable_type: gitlab((x) => x.variableType),
  key: gitlab((x) => x.key),
  value: gitlab((x) => (x.hidden ? null : x.value)),
  hidden: gitlab((x) => x.hidden),
  protected: gitlab((x) => x.protected),
  masked: gitlab((x) => x.masked),
  raw: gitlab((x) => x.raw),
  environment_scope: gitlab((x) => x.environmentScope),
  description: gitlab((x) => x.description),
});
