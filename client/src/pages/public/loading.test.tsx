import { act, fireEvent, screen } from '@testing-library/react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, testUser } from '../../test/render';
import LoadingPage, { LOADING_REDIRECT_MS } from './loading';
import { afterPayment } from '../../lib/after-payment';

/** The live region holding the page's message, if it has one. */
function announcement(): HTMLElement | undefined {
  return screen.getAllByRole('status').find((region) => region.textContent?.includes('Pagamento'));
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('LoadingPage', () => {
  it('when opened with a path, then it shows the dots and after 5 s reloads the user’s data and goes to /{path}', async () => {
    const { app, location } = renderWithProviders(<LoadingPage />, {
      route: '/loading/my-enrollments',
      path: '/loading/*',
      auth: { user: testUser },
    });
    expect(screen.getByRole('status', { name: 'Carregando…' })).toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(LOADING_REDIRECT_MS - 1);
    });
    expect(location()).toBe('/loading/my-enrollments');
    expect(app.fetchUserEnrolledCourses).not.toHaveBeenCalled();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
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

  it('when the checkout hands over the course just paid, then a live region says the payment is confirmed and names the course', async () => {
    renderWithProviders(
      <Routes>
        <Route
          path="/"
          element={
            <Navigate
              to="/loading/my-enrollments"
              replace
              state={afterPayment('Python Intermédio')}
            />
          }
        />
        <Route path="/loading/*" element={<LoadingPage />} />
      </Routes>,
      { auth: { user: testUser } },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Pagamento confirmado' })).toBeVisible();
    expect(announcement()).toHaveTextContent(
      /^Pagamento confirmado\s*Estamos adicionando Python Intermédio a Meus Cursos\./,
    );
    expect(screen.getByRole('status', { name: 'Carregando…' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Pagamento confirmado/);
  });

  it('when a payment provider returns without the course (or after a reload lost it), then the confirmation is said without a title', () => {
    renderWithProviders(<LoadingPage />, {
      route: '/loading/my-enrollments',
      path: '/loading/*',
      auth: { user: testUser },
    });
    expect(announcement()).toHaveTextContent(
      /^Pagamento confirmado\s*Estamos adicionando o curso a Meus Cursos\./,
    );
  });

  it('when Ir agora is pressed after a payment, then the enrollments are read and the learner goes on without waiting the 5 s', async () => {
    const { app, location } = renderWithProviders(<LoadingPage />, {
      route: '/loading/my-enrollments',
      path: '/loading/*',
      auth: { user: testUser },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Ir agora' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(app.fetchUserEnrolledCourses).toHaveBeenCalledTimes(1);
    expect(location()).toBe('/my-enrollments');
  });

  it('when it leads anywhere else, then it speaks of no payment', () => {
    renderWithProviders(<LoadingPage />, { route: '/loading/course-list', path: '/loading/*' });
    expect(announcement()).toBeUndefined();
    expect(screen.getByRole('heading', { level: 1, name: 'Carregando' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ir agora' })).not.toBeInTheDocument();
  });
});
