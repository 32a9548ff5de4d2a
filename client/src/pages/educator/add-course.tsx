import type { MessageResponse } from '@aprendiz/contract/learning';
import { notify } from '../../components/toast';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';
import { usePageTitle } from '../../lib/use-page-title';
import { CourseForm, type CourseFormSubmit } from './course-editor/course-form';

/** Sends a new course; 'Salvar rascunho' keeps it as a draft only its educator sees. */
async function addCourse({ data, image, intent }: CourseFormSubmit): Promise<boolean> {
  const form = new FormData();
  form.append(
    'courseData',
    JSON.stringify(intent === 'draft' ? { ...data, status: 'draft' } : data),
  );
  if (image) form.append('image', image);
  const response = await send(api.post<MessageResponse>('/api/educator/add-course', form));
  if (!response) return false;
  notify.success(response.message);
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
