import type { ShouldRevalidateFunctionArgs } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import {
  courseListPolicy,
  keptOnRootRefresh,
  oncePerCourseAndUser,
  revalidateForUser,
  revalidatePage,
  revalidateRoot,
  rootPolicy,
  rootReadStarted,
  sameForEveryUser,
} from './revalidation';

function args(
  current: string,
  next: string,
  extra: Partial<ShouldRevalidateFunctionArgs> = {},
): ShouldRevalidateFunctionArgs {
  const url = (path: string) => new URL(`http://localhost${path}`);
  const params = (path: string) => ({ courseId: path.split('/')[2] ?? '' });
  return {
    currentUrl: url(current),
    nextUrl: url(next),
    currentParams: params(current),
    nextParams: params(next),
    defaultShouldRevalidate: true,
    ...extra,
  };
}

/** What `policy` decides while the app asks for a read through `ask`. */
async function decidedDuring(
  ask: (revalidate: () => Promise<void>) => Promise<void>,
  policy: (a: ShouldRevalidateFunctionArgs) => boolean,
  a: ShouldRevalidateFunctionArgs,
): Promise<boolean | undefined> {
  let decided: boolean | undefined;
  await ask(async () => {
    decided = policy(a);
  });
  return decided;
}

/** Leaves the root read, as its loader does when it runs. */
function readRoot() {
  rootReadStarted(new AbortController().signal);
}

describe('rootPolicy', () => {
  it('when the user navigates to another address, then the root is not read again', () => {
    readRoot();
    expect(rootPolicy(args('/course-list', '/course-list?page=2'))).toBe(false);
  });

  it('when a page retries (revalidate on the same address), then the root is read again', () => {
    readRoot();
    expect(rootPolicy(args('/my-enrollments', '/my-enrollments'))).toBe(true);
  });

  it('when a write asked for the root data, then the next decision reads it even on a navigation, until it is read', async () => {
    readRoot();
    expect(await decidedDuring(revalidateRoot, rootPolicy, args('/player/c1', '/player/c1'))).toBe(
      true,
    );
    expect(rootPolicy(args('/player/c1', '/my-enrollments'))).toBe(true);
    readRoot();
    expect(rootPolicy(args('/player/c1', '/my-enrollments'))).toBe(false);
  });

  it('when a page reads only its own data again (a poll), then the root is not read, unless it was asked for', async () => {
    readRoot();
    expect(
      await decidedDuring(revalidatePage, rootPolicy, args('/payment/p1', '/payment/p1')),
    ).toBe(false);
    await revalidateRoot(async () => {});
    expect(
      await decidedDuring(revalidatePage, rootPolicy, args('/payment/p1', '/payment/p1')),
    ).toBe(true);
  });

  it('when a root read is dropped by the router, then the root stays to be read', () => {
    const controller = new AbortController();
    rootReadStarted(controller.signal);
    controller.abort();
    expect(rootPolicy(args('/', '/course-list'))).toBe(true);
    readRoot();
  });
});

describe('sameForEveryUser', () => {
  it('when the signed-in user changes on the same address, then the page keeps its data', async () => {
    expect(await decidedDuring(revalidateForUser, sameForEveryUser, args('/', '/'))).toBe(false);
    readRoot();
  });

  it('when the user navigates or a page retries, then the router decides as usual', () => {
    expect(sameForEveryUser(args('/', '/course-list'))).toBe(true);
    expect(sameForEveryUser(args('/', '/', { defaultShouldRevalidate: false }))).toBe(false);
  });

  it('when the user change is over, then it no longer steers later decisions', async () => {
    await revalidateForUser(async () => {});
    readRoot();
    expect(sameForEveryUser(args('/', '/'))).toBe(true);
  });
});

describe('oncePerCourseAndUser (the player’s resume point)', () => {
  it('when the enrollments are read again on the same course (a lecture marked done), then it is not read again', () => {
    expect(oncePerCourseAndUser(args('/player/c1', '/player/c1'))).toBe(false);
  });

  it('when another course is opened, then its own point is read', () => {
    expect(oncePerCourseAndUser(args('/player/c1', '/player/c2'))).toBe(true);
  });

  it('when the signed-in user changes, then the new user’s point is read', async () => {
    expect(
      await decidedDuring(
        revalidateForUser,
        oncePerCourseAndUser,
        args('/player/c1', '/player/c1'),
      ),
    ).toBe(true);
    readRoot();
  });
});

describe('keptOnRootRefresh', () => {
  const quiz = '/player/c1/quiz/q1';

  it('when the enrollments are read again after a write, then the open quiz is not read again', async () => {
    expect(await decidedDuring(revalidateRoot, keptOnRootRefresh, args(quiz, quiz))).toBe(false);
  });

  it('when the signed-in user changes, then the quiz is read again', async () => {
    expect(await decidedDuring(revalidateForUser, keptOnRootRefresh, args(quiz, quiz))).toBe(true);
  });

  it("when a page retries or the address changes, then the router's own answer stands", () => {
    expect(keptOnRootRefresh(args(quiz, quiz))).toBe(true);
    expect(
      keptOnRootRefresh(args(quiz, '/player/c1/quiz/q2', { defaultShouldRevalidate: false })),
    ).toBe(false);
  });
});

describe('courseListPolicy', () => {
  it('when Ver mais writes a larger count into the address, then the list is not read again', () => {
    expect(courseListPolicy(args('/course-list', '/course-list?mostrar=48'))).toBe(false);
    expect(
      courseListPolicy(
        args('/course-list/git?sort=price&mostrar=48', '/course-list/git?mostrar=72&sort=price'),
      ),
    ).toBe(false);
  });

  it('when anything else changes, the count shrinks, or a page retries, then it is read again', () => {
    expect(courseListPolicy(args('/course-list?mostrar=48', '/course-list?sort=price'))).toBe(true);
    expect(courseListPolicy(args('/course-list?mostrar=48', '/course-list'))).toBe(true);
    expect(courseListPolicy(args('/course-list', '/course-list/git?mostrar=48'))).toBe(true);
    expect(courseListPolicy(args('/course-list?mostrar=48', '/course-list?mostrar=48'))).toBe(true);
  });

  it('when the signed-in user changes, then the catalogue keeps what it read', async () => {
    expect(
      await decidedDuring(
        revalidateForUser,
        courseListPolicy,
        args('/course-list', '/course-list'),
      ),
    ).toBe(false);
  });
});
