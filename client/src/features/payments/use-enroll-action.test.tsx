import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { BackButton } from '../../test/back-button';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { networkError, stubApi, type StubResponse } from '../../test/api-stub';
import { courseSummary, userData } from '../../test/course-fixtures';
import { renderWithProviders, testUser } from '../../test/render';
import { FREE_ENROLL_REDIRECT_MS, useEnrollAction } from './use-enroll-action';
import { NETWORK_ERROR_MESSAGE } from '../../lib/api-error';

const paidCourse = courseSummary({ _id: 'paid-1', coursePrice: 19.99, discount: 15 });
const freeCourse = courseSummary({ _id: 'free-1', coursePrice: 30, discount: 100 });

function EnrollHarness({ course }: { course: typeof paidCourse }) {
  const { enroll, pending, isEnrolled } = useEnrollAction(course);
  return (
    <>
      <button type="button" onClick={() => void enroll()} disabled={pending}>
        Inscrever
      </button>
      <output data-testid="enrolled">{String(isEnrolled)}</output>
    </>
  );
}

function signedIn(enrolledCourses: string[] = []) {
  return { auth: { user: testUser }, app: { userData: userData({ enrolledCourses }) } };
}

function button() {
  return screen.getByRole('button', { name: 'Inscrever' });
}

/** A response the test releases when it wants, to look at the in-flight state. */
function deferred() {
  let release: (response: StubResponse) => void = () => {};
  const promise = new Promise<StubResponse>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useEnrollAction', () => {
  it('when signed out, then it warns "Faça login para se inscrever!", opens sign-in and sends nothing', async () => {
    const { calls } = stubApi(() => ({ data: { success: true } }));
    const user = userEvent.setup();
    const { auth } = renderWithProviders(<EnrollHarness course={paidCourse} />);
    await user.click(button());
    expect(await screen.findByText('Faça login para se inscrever!')).toBeInTheDocument();
    expect(auth.openSignIn).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(0);
  });

  it('when the course is already in the user’s enrolledCourses, then it warns "Já adquirido" and sends nothing', async () => {
    const { calls } = stubApi(() => ({ data: { success: true } }));
    const user = userEvent.setup();
    renderWithProviders(<EnrollHarness course={paidCourse} />, signedIn(['paid-1']));
    expect(screen.getByTestId('enrolled')).toHaveTextContent('true');
    await user.click(button());
    expect(await screen.findByText('Já adquirido')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('when a free enrollment succeeds, then it toasts, reloads the user’s data and goes to /my-enrollments after 1.5 s', async () => {
    vi.useFakeTimers();
    const { calls } = stubApi(() => ({ data: { success: true, message: 'Inscrito' } }));
    // Called in the same tick as the redirect is scheduled: the fake clock's reading then is the start.
    let enrolledAt = Number.NaN;
    const refreshSignedIn = vi.fn(async () => {
      enrolledAt = Date.now();
    });
    const { location } = renderWithProviders(<EnrollHarness course={freeCourse} />, {
      route: '/course/free-1',
      auth: { user: testUser },
      app: { userData: userData(), refreshSignedIn },
    });
    fireEvent.click(button());
    await vi.waitFor(() => expect(refreshSignedIn).toHaveBeenCalledTimes(1));

    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/user/enroll-free-course',
      body: { courseId: 'free-1' },
    });
    expect(calls[0].headers.get('Authorization')).toBe('Bearer test-token');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(FREE_ENROLL_REDIRECT_MS - 1 - (Date.now() - enrolledAt));
    });
    expect(location()).toBe('/course/free-1');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(location()).toBe('/my-enrollments');
    await vi.waitFor(() =>
      expect(screen.getByText('Inscrição realizada com sucesso!')).toBeInTheDocument(),
    );
  });

  it('when a free enrollment is refused, then the toast reads "Erro ao inscrever-se: " and the server message, and the button is usable again', async () => {
    stubApi(() => ({ status: 409, data: { success: false, message: 'Já adquirido' } }));
    const user = userEvent.setup();
    const { location } = renderWithProviders(<EnrollHarness course={freeCourse} />, {
      route: '/course/free-1',
      ...signedIn(),
    });
    await user.click(button());
    expect(await screen.findByText('Erro ao inscrever-se: Já adquirido')).toBeInTheDocument();
    await waitFor(() => expect(button()).toBeEnabled());
    expect(location()).toBe('/course/free-1');
  });

  it('when a free enrollment answers success false, then the same prefix is used', async () => {
    stubApi(() => ({ data: { success: false, message: 'Curso indisponível' } }));
    const user = userEvent.setup();
    renderWithProviders(<EnrollHarness course={freeCourse} />, signedIn());
    await user.click(button());
    expect(await screen.findByText('Erro ao inscrever-se: Curso indisponível')).toBeInTheDocument();
  });

  it('when the network fails during a free enrollment, then the exception’s message follows the prefix', async () => {
    stubApi(() => {
      throw networkError();
    });
    const user = userEvent.setup();
    renderWithProviders(<EnrollHarness course={freeCourse} />, signedIn());
    await user.click(button());
    expect(
      await screen.findByText(`Erro ao inscrever-se: ${NETWORK_ERROR_MESSAGE}`),
    ).toBeInTheDocument();
  });

  it('when a paid course is bought, then the purchase is created and the browser is replaced by the payment page, above a copy of the course page', async () => {
    const stripeUrl = 'https://checkout.stripe.com/c/pay/cs_test_1';
    const order: string[] = [];
    const replace = vi.fn(() => order.push('replace'));
    vi.stubGlobal('location', { ...window.location, replace });
    const pushState = vi
      .spyOn(window.history, 'pushState')
      .mockImplementation(() => order.push('push'));
    const { calls } = stubApi(() => ({ data: { success: true, session_url: stripeUrl } }));
    const user = userEvent.setup();
    renderWithProviders(<EnrollHarness course={paidCourse} />, signedIn());
    await user.click(button());
    await waitFor(() => expect(replace).toHaveBeenCalledWith(stripeUrl));
    // The replace takes the copy: Back from the payment page comes back to the course, not before it.
    expect(pushState).toHaveBeenCalledWith(window.history.state, '', window.location.href);
    expect(order).toEqual(['push', 'replace']);
    pushState.mockRestore();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/user/purchase',
      body: { courseId: 'paid-1' },
    });
    // The page is being left: the button stays disabled rather than inviting a second purchase.
    expect(button()).toBeDisabled();
  });

  it('when the payment page is the app’s own sandbox checkout, then it opens inside the app above the course page', async () => {
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace });
    stubApi(() => ({
      data: { success: true, session_url: `${window.location.origin}/checkout/pur-1` },
    }));
    const user = userEvent.setup();
    const { location } = renderWithProviders(
      <Routes>
        <Route path="/course/:id" element={<EnrollHarness course={paidCourse} />} />
        <Route path="/checkout/:purchaseId" element={<BackButton />} />
      </Routes>,
      { route: '/course/paid-1', ...signedIn() },
    );
    await user.click(button());
    await waitFor(() => expect(location()).toBe('/checkout/pur-1'));
    expect(replace).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(location()).toBe('/course/paid-1');
  });

  it('when a purchase fails, then the server’s message is toasted and nothing is replaced', async () => {
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace });
    stubApi(() => ({
      status: 400,
      data: { success: false, message: 'Curso gratuito: use a inscrição' },
    }));
    const user = userEvent.setup();
    renderWithProviders(<EnrollHarness course={paidCourse} />, signedIn());
    await user.click(button());
    expect(await screen.findByText('Curso gratuito: use a inscrição')).toBeInTheDocument();
    expect(replace).not.toHaveBeenCalled();
    await waitFor(() => expect(button()).toBeEnabled());
  });

  it('when the button is double-clicked, then one request is sent and the button is disabled while it is in flight', async () => {
    const answer = deferred();
    const { calls } = stubApi(() => answer.promise);
    renderWithProviders(<EnrollHarness course={freeCourse} />, signedIn());
    fireEvent.click(button());
    fireEvent.click(button());
    await waitFor(() => expect(button()).toBeDisabled());
    expect(calls).toHaveLength(1);

    await act(async () => {
      answer.release({ status: 500, data: { success: false, message: 'Falhou' } });
    });
    expect(await screen.findByText('Erro ao inscrever-se: Falhou')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });
});
