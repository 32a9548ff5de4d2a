import type { EnrolledStudentsResponse } from '@aprendiz/contract/educator';
import { loadSignedIn, type SignedIn } from '../../data/signed-in-loader';
import { api } from '../../lib/api-client';

export const STUDENTS_PATH = '/api/educator/enrolled-students';

/** GET /api/educator/enrolled-students, its first page, not awaited: the page shows its loader meanwhile. */
export function loadStudents(request: Request): Promise<SignedIn<EnrolledStudentsResponse>> {
  return loadSignedIn(
    request,
    async (signal) => (await api.get<EnrolledStudentsResponse>(STUDENTS_PATH, { signal })).data,
    { report: true },
  );
}
