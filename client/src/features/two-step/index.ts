export { TwoStepSettings } from './two-step-settings';
