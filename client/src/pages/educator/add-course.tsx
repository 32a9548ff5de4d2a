import type { CourseChangeResponse } from '@aprendiz/contract/educator';
import { notify } from '../../components/toast';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';
import { usePageTitle } from '../../lib/use-page-title';
import { CourseForm, type CourseFormSubmit } from '../../features/course-editor';

/** Sends a new course; 'Salvar rascunho' keeps it as a draft only its educator sees. */
async function addCourse({ data, image, intent }: CourseFormSubmit): Promise<boolean> {
  const form = new FormData();
  form.append(
    'courseData',
    JSON.stringify(intent === 'draft' ? { ...data, status: 'draft' } : data),
  );
  if (image) form.append('image', image);
  const response = await send(api.post<CourseChangeResponse>('/api/educator/add-course', form));
  if (!response) return false;
  // ADD keeps a course that cannot be published yet as a draft; the message says why.
  if (intent === 'publish' && response.status === 'draft') notify.warning(response.message);
  else notify.success(response.message);
  return true;
}

/** /educator/add-course: the course form, its chapter builder and the multipart upload. */
export default function AddCoursePage() {
  usePageTitle('Add Course');
  return (
    <div className="p-4 md:p-8">
      <h1 className="mb-6 text-2xl font-semibold text-slate-900">Add Course</h1>
      <CourseForm submitLabel="ADD" offerDraft onSave={addCourse} />
    </div>
  );
}
