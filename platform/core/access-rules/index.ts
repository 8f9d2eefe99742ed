export { ruleFilterVariables } from './rule-variables';
