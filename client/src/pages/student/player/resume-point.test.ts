import type { ShouldRevalidateFunctionArgs } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { revalidateForUser } from '../../../context/root-route';
import { shouldRevalidate } from './resume-point';

function args(currentCourse: string, nextCourse: string): ShouldRevalidateFunctionArgs {
  const url = (id: string) => new URL(`http://localhost/player/${id}`);
  return {
    currentUrl: url(currentCourse),
    nextUrl: url(nextCourse),
    currentParams: { courseId: currentCourse },
    nextParams: { courseId: nextCourse },
    defaultShouldRevalidate: true,
  };
}

describe("the player's resume point", () => {
  it('when the enrollments are read again on the same course (a lecture marked done), then it is not read again', () => {
    expect(shouldRevalidate(args('c1', 'c1'))).toBe(false);
  });

  it('when another course is opened, then its own point is read', () => {
    expect(shouldRevalidate(args('c1', 'c2'))).toBe(true);
  });

  it('when the signed-in user changes, then the new user’s point is read', async () => {
    let decided: boolean | undefined;
    await revalidateForUser(async () => {
      decided = shouldRevalidate(args('c1', 'c1'));
    });
    expect(decided).toBe(true);
  });
});
