export { EducatorTitleChoice } from './educator-title-choice';
