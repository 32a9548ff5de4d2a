import type { ErrorResponse } from '@aprendiz/contract/common';
import type { MessageResponse } from '@aprendiz/contract/learning';
import { notify } from '../../components/toast';
import { api, errorMessage } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';
import { CourseForm, type CourseFormSubmit } from './add-course/course-form';

/** Sends a new course; 'Salvar rascunho' keeps it as a draft only its educator sees. */
async function addCourse({ data, image, intent }: CourseFormSubmit): Promise<boolean> {
  const form = new FormData();
  form.append(
    'courseData',
    JSON.stringify(intent === 'draft' ? { ...data, status: 'draft' } : data),
  );
  if (image) form.append('image', image);
  try {
    const { data: response } = await api.post<MessageResponse | ErrorResponse>(
      '/api/educator/add-course',
      form,
    );
    if (response.success) {
      notify.success(response.message);
      return true;
    }
    notify.error(response.message);
  } catch (err) {
    notify.error(errorMessage(err));
  }
  return false;
}

/** /educator/add-course: the course form, its chapter builder and the multipart upload (spec §2, §4, §5). */
export default function AddCoursePage() {
  usePageTitle('Add Course');
  return (
    <div className="p-4 md:p-8">
      <h1 className="mb-6 text-2xl font-semibold text-slate-900">Add Course</h1>
      <CourseForm submitLabel="ADD" offerDraft onSave={addCourse} />
    </div>
  );
}
