import type { CourseChangeResponse } from '@aprendiz/contract/educator';
import { useNavigate } from 'react-router-dom';
import { notify } from '../../components/toast';
import { paths } from '../../config/paths';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';
import { usePageTitle } from '../../lib/use-page-title';
import { CourseForm, type CourseFormSubmit } from '../../features/course-editor';

/** Sends a new course; 'Salvar rascunho' keeps it as a draft only its educator sees. */
async function addCourse({
  data,
  image,
  intent,
}: CourseFormSubmit): Promise<CourseChangeResponse | null> {
  const form = new FormData();
  form.append(
    'courseData',
    JSON.stringify(intent === 'draft' ? { ...data, status: 'draft' } : data),
  );
  if (image) form.append('image', image);
  const response = await send(api.post<CourseChangeResponse>('/api/educator/add-course', form));
  if (!response) return null;
  // ADD keeps a course that cannot be published yet as a draft; the message says why.
  if (intent === 'publish' && response.status === 'draft') notify.warning(response.message);
  else notify.success(response.message);
  return response;
}

/** /educator/add-course: the course form, its chapter builder and the multipart upload. */
export default function AddCoursePage() {
  usePageTitle('Add Course');
  const navigate = useNavigate();

  async function save(submit: CourseFormSubmit): Promise<boolean> {
    const response = await addCourse(submit);
    if (!response) return false;
    // A draft is work in progress: its own editor opens, with what is left before publishing in
    // view, rather than an empty form that makes the educator hunt for it in My Courses.
    if (response.status === 'draft') void navigate(paths.educatorEditCourse(response.courseId));
    return true;
  }

  return (
    <div className="p-4 md:p-8">
      <h1 className="mb-6 text-2xl font-semibold text-slate-900">Add Course</h1>
      <CourseForm submitLabel="ADD" offerDraft onSave={save} />
    </div>
  );
}
