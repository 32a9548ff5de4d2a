import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('paths', () => {
  it('when the course list has a search text, then the text is a URL-encoded path segment', () => {
    expect(paths.courseList()).toBe('/course-list');
    expect(paths.courseList('')).toBe('/course-list');
    expect(paths.courseList('react & node/js')).toBe('/course-list/react%20%26%20node%2Fjs');
  });

  it('when the loading screen is given a path with a leading slash, then it is not doubled', () => {
    expect(paths.loading('my-enrollments')).toBe('/loading/my-enrollments');
    expect(paths.loading('/my-enrollments')).toBe('/loading/my-enrollments');
  });
});
