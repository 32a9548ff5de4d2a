export { draftFromContent } from './course-draft';
export {
  CourseForm,
  isoToLocal,
  type CourseFormSubmit,
  type CourseFormValues,
} from './course-form';
