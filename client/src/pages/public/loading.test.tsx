import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, testUser } from '../../test/render';
import LoadingPage, { LOADING_REDIRECT_MS } from './loading';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('LoadingPage', () => {
  it('when opened with a path, then it shows the dots and after 5 s reloads the user’s data and goes to /{path}', async () => {
    const { app, location } = renderWithProviders(<LoadingPage />, {
      route: '/loading/my-enrollments',
      path: '/loading/*',
      auth: { user: testUser },
    });
    expect(screen.getByRole('status')).toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(LOADING_REDIRECT_MS - 1);
    });
    expect(location()).toBe('/loading/my-enrollments');
    expect(app.fetchUserEnrolledCourses).not.toHaveBeenCalled();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(app.fetchUserData).toHaveBeenCalledTimes(1);
    expect(app.fetchUserEnrolledCourses).toHaveBeenCalledTimes(1);
    expect(location()).toBe('/my-enrollments');
  });

  it('when the path has several segments, then all of them are kept', async () => {
    const { location } = renderWithProviders(<LoadingPage />, {
      route: '/loading/course/abc',
      path: '/loading/*',
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LOADING_REDIRECT_MS);
    });
    expect(location()).toBe('/course/abc');
  });

  it('when opened without a path, then it keeps showing the dots', async () => {
    const { location } = renderWithProviders(<LoadingPage />, {
      route: '/loading',
      path: '/loading/*',
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LOADING_REDIRECT_MS * 2);
    });
    expect(location()).toBe('/loading');
    expect(screen.getByRole('status')).toBeInTheDocument();
  });
});
