export { EducatorApplicationPanel } from './application-form';
