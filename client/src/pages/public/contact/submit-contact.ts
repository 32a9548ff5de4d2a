import type { ContactSubmission } from '@aprendiz/contract/site';
import { env } from '../../../config/env';
import {
  formFailure,
  parseFormResponse,
  UNEXPECTED_RESPONSE,
  type FormOutcome,
} from './form-response';

/**
 * Posts the message to the form endpoint (our /api/contact, or the hosted form service it stands in
 * for). Plain fetch rather than the api client: the endpoint may be another origin, and it must not
 * receive the user's bearer token.
 */
export async function submitContact(submission: ContactSubmission): Promise<FormOutcome> {
  let response: Response;
  try {
    response = await fetch(env.formEndpoint, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(submission),
    });
  } catch (err) {
    return formFailure(err instanceof Error && err.message ? err.message : String(err));
  }

  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return formFailure(UNEXPECTED_RESPONSE);
  }
  return parseFormResponse(body);
}
