import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COURSE_PRICE_MAX } from '@aprendiz/contract/rules/pricing';
import { DISCOUNT_ENDS_PAST } from '@aprendiz/contract/educator';
import { stubApi, type StubRequest, type StubResponse } from '../../test/api-stub';
import { renderWithProviders, testUser } from '../../test/render';
import { Link, Outlet } from 'react-router-dom';
import AddCoursePage from './add-course';

vi.mock(
  '../../features/course-editor/rich-text-editor',
  () => import('../../test/rich-text-editor-stand-in'),
);

const PREVIEW_URL = 'blob:http://localhost/preview';

beforeEach(() => {
  // jsdom has no object URLs.
  URL.createObjectURL = vi.fn(() => PREVIEW_URL);
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.restoreAllMocks();
});

function png(name = 'capa.png'): File {
  return new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
}

function renderPage() {
  return renderWithProviders(<AddCoursePage />, {
    route: '/educator/add-course',
    auth: { user: testUser },
    app: { isEducator: true },
  });
}

const field = {
  title: () => screen.getByLabelText('Course Title'),
  description: () => screen.getByRole('textbox', { name: 'Course Description' }),
  price: () => screen.getByLabelText('Course Price'),
  discount: () => screen.getByLabelText('Discount %'),
  thumbnail: () => screen.getByLabelText<HTMLInputElement>('Course Thumbnail'),
  submit: () => screen.getByRole('button', { name: 'ADD' }),
};

async function addChapter(user: UserEvent, name: string) {
  await user.click(screen.getByRole('button', { name: '+ Add Chapter' }));
  const dialog = screen.getByRole('dialog', { name: 'Novo capítulo' });
  await user.type(within(dialog).getByLabelText('Nome do capítulo'), name);
  await user.click(within(dialog).getByRole('button', { name: 'Adicionar capítulo' }));
}

async function fillCourse(user: UserEvent) {
  await user.type(field.title(), 'TypeScript do zero');
  await user.type(field.description(), '<p><strong>Tipos</strong> na prática</p>');
  await user.clear(field.price());
  await user.type(field.price(), '49.99');
  await user.clear(field.discount());
  await user.type(field.discount(), '10');
  await addChapter(user, 'Introdução');
  await user.click(screen.getByRole('button', { name: '+ Add Lecture' }));
  const dialog = screen.getByRole('dialog', { name: 'Add Lecture' });
  await user.type(within(dialog).getByLabelText('Lecture Title'), 'Boas-vindas');
  await user.type(within(dialog).getByLabelText('Duration (minutes)'), '7');
  await user.type(within(dialog).getByLabelText('Lecture URL'), 'https://youtu.be/abc123');
  await user.click(within(dialog).getByLabelText('Is Preview Free?'));
  await user.click(within(dialog).getByRole('button', { name: 'Add' }));
}

function addCourseCalls(calls: StubRequest[]) {
  return calls.filter((call) => call.url === '/api/educator/add-course');
}

// Whole forms are typed key by key; on a busy machine that outlasts the default 5 s.
describe('AddCoursePage', { timeout: 20_000 }, () => {
  it('when ADD is pressed without a thumbnail, then Thumbnail Not Selected is shown and nothing is sent', async () => {
    const { calls } = stubApi(() => ({ data: { success: true, message: 'Curso adicionado' } }));
    const user = userEvent.setup();
    renderPage();
    await fillCourse(user);
    await user.click(field.submit());

    expect(await screen.findByText('Thumbnail Not Selected')).toBeInTheDocument();
    expect(calls).toEqual([]);
    expect(field.title()).toHaveValue('TypeScript do zero');
  });

  it('when the title is blank and no thumbnail is picked, then each error shows beside its field, marked invalid, and nothing is sent', async () => {
    const { calls } = stubApi(() => ({ data: { success: true, message: 'Curso adicionado' } }));
    const user = userEvent.setup();
    renderPage();
    await user.type(field.title(), '   ');
    await user.click(field.submit());

    const thumbnailError = await screen.findByText('Thumbnail Not Selected');
    expect(field.thumbnail()).toHaveAttribute('aria-invalid', 'true');
    expect(field.thumbnail()).toHaveAccessibleDescription('Thumbnail Not Selected');
    expect(thumbnailError.parentElement).toContainElement(field.thumbnail());
    expect(field.title()).toHaveAttribute('aria-invalid', 'true');
    expect(field.title().parentElement).toContainElement(
      document.getElementById(field.title().getAttribute('aria-describedby') ?? ''),
    );
    expect(calls).toEqual([]);
  });

  it('when a thumbnail is picked, then its preview is shown', async () => {
    stubApi(() => ({ data: {} }));
    const user = userEvent.setup();
    renderPage();
    expect(screen.queryByAltText('Pré-visualização da miniatura')).not.toBeInTheDocument();
    await user.upload(field.thumbnail(), png());
    expect(screen.getByAltText('Pré-visualização da miniatura')).toHaveAttribute(
      'src',
      PREVIEW_URL,
    );
  });

  it('when a file that is not an image is picked, then it is refused with a message and no preview', async () => {
    stubApi(() => ({ data: {} }));
    // The picker's accept filter is what a browser applies; bypass it as a drag-and-drop could.
    const user = userEvent.setup({ applyAccept: false });
    renderPage();
    await user.upload(
      field.thumbnail(),
      new File(['%PDF'], 'notas.pdf', { type: 'application/pdf' }),
    );

    expect(
      await screen.findByText('Selecione um arquivo de imagem (JPEG, PNG, WebP, GIF ou AVIF).'),
    ).toBeInTheDocument();
    expect(screen.queryByAltText('Pré-visualização da miniatura')).not.toBeInTheDocument();
    expect(field.thumbnail().files).toHaveLength(0);
  });

  it('when the form is complete, then courseData and the image go as multipart, the message shows and every field resets', async () => {
    const { calls } = stubApi(() => ({
      status: 201,
      data: { success: true, message: 'Curso adicionado com sucesso' },
    }));
    const user = userEvent.setup();
    renderPage();
    await fillCourse(user);
    // The guarantee opens at the 7 days the law requires; the educator may offer up to 30.
    const guarantee = screen.getByLabelText('Garantia (dias)');
    expect(guarantee).toHaveValue(7);
    await user.clear(guarantee);
    await user.type(guarantee, '14');
    // The watermark starts off; the form says what it stops and what it does not.
    const watermark = screen.getByLabelText("Marca d'água com o nome e o e-mail do aluno");
    expect(watermark).not.toBeChecked();
    expect(watermark).toHaveAccessibleDescription(/Não impede a gravação da tela/);
    await user.click(watermark);
    const image = png();
    await user.upload(field.thumbnail(), image);
    await user.click(field.submit());

    expect(await screen.findByText('Curso adicionado com sucesso')).toBeInTheDocument();
    const [request] = addCourseCalls(calls);
    expect(request.method).toBe('POST');
    expect(request.body).toBeInstanceOf(FormData);
    const body = request.body as FormData;
    expect(body.get('image')).toBe(image);
    expect(JSON.parse(body.get('courseData') as string)).toEqual({
      courseTitle: 'TypeScript do zero',
      courseDescription: '<p><strong>Tipos</strong> na prática</p>',
      coursePrice: 49.99,
      discount: 10,
      discountEndsAt: null,
      guaranteeDays: 14,
      watermark: true,
      courseContent: [
        {
          chapterId: expect.any(String),
          chapterTitle: 'Introdução',
          chapterOrder: 1,
          chapterContent: [
            {
              lectureId: expect.any(String),
              lectureTitle: 'Boas-vindas',
              lectureDuration: 7,
              lectureUrl: 'https://youtu.be/abc123',
              isPreviewFree: true,
              lectureOrder: 1,
            },
          ],
        },
      ],
    });

    expect(field.title()).toHaveValue('');
    expect(field.description()).toHaveValue('');
    expect(field.price()).toHaveValue(0);
    expect(field.discount()).toHaveValue(0);
    expect(screen.getByLabelText('Garantia (dias)')).toHaveValue(7);
    expect(screen.getByLabelText("Marca d'água com o nome e o e-mail do aluno")).not.toBeChecked();
    expect(field.thumbnail().value).toBe('');
    expect(screen.queryByAltText('Pré-visualização da miniatura')).not.toBeInTheDocument();
    expect(screen.queryByText(/Introdução/)).not.toBeInTheDocument();
    expect(field.submit()).toBeEnabled();
  });

  it('when the discount is dated, then the end goes as an instant, a past one is refused beside its field, and no discount hides the field', async () => {
    const { calls } = stubApi(() => ({
      status: 201,
      data: { success: true, message: 'Curso adicionado com sucesso' },
    }));
    const user = userEvent.setup();
    renderPage();
    await fillCourse(user);
    await user.upload(field.thumbnail(), png());
    const endsAt = screen.getByLabelText('O desconto termina em (opcional)');
    fireEvent.change(endsAt, { target: { value: '2020-01-01T10:00' } });
    await user.click(field.submit());
    expect(await screen.findByText(DISCOUNT_ENDS_PAST)).toBeInTheDocument();
    expect(addCourseCalls(calls)).toHaveLength(0);

    fireEvent.change(endsAt, { target: { value: '2099-03-01T18:30' } });
    await user.click(field.submit());
    expect(await screen.findByText('Curso adicionado com sucesso')).toBeInTheDocument();
    const body = addCourseCalls(calls)[0]!.body as FormData;
    expect(JSON.parse(body.get('courseData') as string).discountEndsAt).toBe(
      new Date('2099-03-01T18:30').toISOString(),
    );

    // Without a discount there is nothing to end.
    expect(screen.queryByLabelText('O desconto termina em (opcional)')).not.toBeInTheDocument();
  });

  it('when a category and a level are chosen, then their slugs go in courseData and both reset after success', async () => {
    const { calls } = stubApi(() => ({
      status: 201,
      data: { success: true, message: 'Curso adicionado com sucesso' },
    }));
    const user = userEvent.setup();
    renderPage();
    const category = screen.getByRole('combobox', { name: 'Categoria (opcional)' });
    const level = screen.getByRole('combobox', { name: 'Nível (opcional)' });
    expect(
      within(category)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Sem categoria',
      'Programação',
      'Dados e IA',
      'Design',
      'Negócios',
      'Marketing',
      'Segurança',
      'Infraestrutura e Cloud',
      'Carreira',
    ]);
    expect(
      within(level)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Sem nível', 'Iniciante', 'Intermediário', 'Avançado']);
    await user.type(field.title(), 'Redes na nuvem');
    await user.selectOptions(category, 'Infraestrutura e Cloud');
    await user.selectOptions(level, 'Intermediário');
    await user.upload(field.thumbnail(), png());
    await user.click(field.submit());

    expect(await screen.findByText('Curso adicionado com sucesso')).toBeInTheDocument();
    const [request] = addCourseCalls(calls);
    const sent = JSON.parse((request.body as FormData).get('courseData') as string);
    expect(sent).toMatchObject({ category: 'infraestrutura-cloud', level: 'intermediario' });
    expect(category).toHaveValue('');
    expect(level).toHaveValue('');
  });

  it("when the editor exports typed spaces as &nbsp; (Quill's semantic HTML), then the description is sent with ordinary spaces", async () => {
    const { calls } = stubApi(() => ({
      status: 201,
      data: { success: true, message: 'Curso adicionado com sucesso' },
    }));
    const user = userEvent.setup();
    renderPage();
    await user.type(field.title(), 'Curso com espaços');
    await user.type(
      field.description(),
      '<p>Aprenda&nbsp;a&nbsp;<em>transformar</em>&nbsp;dados</p>',
    );
    await user.upload(field.thumbnail(), png());
    await user.click(field.submit());

    expect(await screen.findByText('Curso adicionado com sucesso')).toBeInTheDocument();
    const [request] = addCourseCalls(calls);
    const courseData = JSON.parse((request.body as FormData).get('courseData') as string);
    expect(courseData.courseDescription).toBe('<p>Aprenda a <em>transformar</em> dados</p>');
  });

  it('when Salvar rascunho is pressed, then the course goes with status draft and the server message shows', async () => {
    const { calls } = stubApi(() => ({
      status: 201,
      data: { success: true, message: 'Rascunho salvo', courseId: 'c9', status: 'draft' },
    }));
    const user = userEvent.setup();
    const { location } = renderPage();
    await user.type(field.title(), 'Ainda em obras');
    await user.upload(field.thumbnail(), png());
    await user.click(screen.getByRole('button', { name: 'Salvar rascunho' }));

    expect(await screen.findByText('Rascunho salvo')).toBeInTheDocument();
    // The draft's own editor opens, with its checklist (edit-course.test.tsx).
    await waitFor(() => expect(location()).toBe('/educator/course/c9/edit'));
    const [request] = addCourseCalls(calls);
    const sent = JSON.parse((request.body as FormData).get('courseData') as string);
    expect(sent).toMatchObject({ courseTitle: 'Ainda em obras', status: 'draft' });
  });

  it('when ADD is answered that the course was kept as a draft, then the reason shows as a warning, not a success', async () => {
    const reason =
      'Curso salvo como rascunho, ainda não publicado: Aula 1.1: falta o título. Complete-o e publique-o em My Courses.';
    stubApi(() => ({
      status: 201,
      data: { success: true, message: reason, courseId: 'c1', status: 'draft' },
    }));
    const user = userEvent.setup();
    const { location } = renderPage();
    await user.type(field.title(), 'Por completar');
    await user.upload(field.thumbnail(), png());
    await user.click(field.submit());

    const toast = await screen.findByText(reason);
    expect(toast.closest('.Toastify__toast')).toHaveClass('Toastify__toast--warning');
    await waitFor(() => expect(location()).toBe('/educator/course/c1/edit'));
  });

  it('when the course is being sent, then ADD is disabled until the answer arrives', async () => {
    let answer: (response: StubResponse) => void = () => {};
    const { calls } = stubApi(
      () =>
        new Promise<StubResponse>((resolve) => {
          answer = resolve;
        }),
    );
    const user = userEvent.setup();
    renderPage();
    await user.type(field.title(), 'Curso lento');
    await user.upload(field.thumbnail(), png());
    await user.click(field.submit());

    await waitFor(() => expect(field.submit()).toBeDisabled());
    await user.click(field.submit());
    answer({ data: { success: true, message: 'Curso adicionado' } });
    await waitFor(() => expect(field.submit()).toBeEnabled());
    expect(addCourseCalls(calls)).toHaveLength(1);
  });

  it('when the server refuses the course, then its message is shown and the form keeps what was typed', async () => {
    stubApi(() => ({
      status: 413,
      data: { success: false, message: 'A miniatura deve ter no máximo 5 MB' },
    }));
    const user = userEvent.setup();
    renderPage();
    await user.type(field.title(), 'Curso pesado');
    await user.upload(field.thumbnail(), png('grande.png'));
    await user.click(field.submit());

    expect(await screen.findByText('A miniatura deve ter no máximo 5 MB')).toBeInTheDocument();
    expect(field.title()).toHaveValue('Curso pesado');
    expect(screen.getByAltText('Pré-visualização da miniatura')).toBeInTheDocument();
    expect(field.submit()).toBeEnabled();
  });

  it('when the server answers success false, then its message is shown and nothing resets', async () => {
    stubApi(() => ({ data: { success: false, message: 'Não foi possível guardar o curso' } }));
    const user = userEvent.setup();
    renderPage();
    await user.type(field.title(), 'Curso');
    await user.upload(field.thumbnail(), png());
    await user.click(field.submit());

    expect(await screen.findByText('Não foi possível guardar o curso')).toBeInTheDocument();
    expect(field.title()).toHaveValue('Curso');
  });

  it('when the connection drops, then the error is shown', async () => {
    stubApi(() => {
      throw new Error('Network Error');
    });
    const user = userEvent.setup();
    renderPage();
    await user.type(field.title(), 'Curso');
    await user.upload(field.thumbnail(), png());
    await user.click(field.submit());
    expect(await screen.findByText('Network Error')).toBeInTheDocument();
  });

  it('when the price field is shown, then it stops at the highest price the server accepts', () => {
    renderPage();
    expect(field.price()).toHaveAttribute('max', String(COURSE_PRICE_MAX));
  });

  it('when lectures lack a title or a video, then the form names them above ADD and still sends the course', async () => {
    const { calls } = stubApi(() => ({
      status: 201,
      data: { success: true, message: 'Curso adicionado com sucesso' },
    }));
    const user = userEvent.setup();
    renderPage();
    await user.type(field.title(), 'Curso por acabar');
    await user.upload(field.thumbnail(), png());
    await addChapter(user, 'Introdução');
    expect(screen.queryByText(/Aulas? incompletas?/)).not.toBeInTheDocument();
    for (const lecture of [
      { url: 'https://youtu.be/abc123' },
      { title: 'Variáveis' },
      { title: 'Completa', url: 'https://youtu.be/def456' },
    ]) {
      await user.click(screen.getByRole('button', { name: '+ Add Lecture' }));
      const dialog = screen.getByRole('dialog', { name: 'Add Lecture' });
      if (lecture.title)
        await user.type(within(dialog).getByLabelText('Lecture Title'), lecture.title);
      if (lecture.url) await user.type(within(dialog).getByLabelText('Lecture URL'), lecture.url);
      await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    }

    const summary = 'Aulas incompletas: 1.1 sem título, 1.2 sem vídeo';
    expect(screen.getByText(summary)).toBeInTheDocument();
    expect(field.submit()).toHaveAccessibleDescription(expect.stringContaining(summary));
    // The spec accepts such lectures: a warning, not a block.
    await user.click(field.submit());
    expect(await screen.findByText('Curso adicionado com sucesso')).toBeInTheDocument();
    expect(addCourseCalls(calls)).toHaveLength(1);
    expect(screen.queryByText(summary)).not.toBeInTheDocument();
  });

  it('when the title is only spaces, then the schema message is shown and nothing is sent', async () => {
    const { calls } = stubApi(() => ({ data: { success: true, message: 'Curso adicionado' } }));
    const user = userEvent.setup();
    renderPage();
    await user.type(field.title(), '   ');
    await user.upload(field.thumbnail(), png());
    await user.click(field.submit());

    expect(await screen.findByText('O título do curso é obrigatório')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('when the form shows, then the price field carries the currency learners will pay in', () => {
    renderPage();
    const price = field.price();
    expect(price.parentElement).toHaveTextContent(/^Kz$/);
    expect(price).toHaveAccessibleName('Course Price');
  });

  it('when the deployment charges in reais, then the price field says R$', () => {
    renderWithProviders(<AddCoursePage />, {
      route: '/educator/add-course',
      auth: { user: testUser },
      app: { isEducator: true },
      storefront: { currency: 'brl', methods: ['card', 'pix'] },
    });
    expect(field.price().parentElement).toHaveTextContent(/^R\$$/);
    expect(screen.getByLabelText('Garantia (dias)')).not.toHaveAccessibleDescription();
  });

  it('when the deployment charges in euros, then the guarantee field says buyers get the EU’s 14 days at least', () => {
    renderWithProviders(<AddCoursePage />, {
      route: '/educator/add-course',
      auth: { user: testUser },
      app: { isEducator: true },
      storefront: { currency: 'eur', methods: ['card'] },
    });
    expect(screen.getByLabelText('Garantia (dias)')).toHaveAccessibleDescription(
      'Em euros, quem compra tem pelo menos 14 dias (direito de livre resolução da UE).',
    );
  });

  describe('leaving with unsaved changes', () => {
    function renderWithExit() {
      return renderWithProviders(
        <>
          <Link to="/educator/my-courses">Sair</Link>
          <Outlet />
        </>,
        {
          route: '/educator/add-course',
          routes: [
            { path: '/educator/add-course', element: <AddCoursePage /> },
            { path: '/educator/my-courses', element: <p>Lista de cursos</p> },
          ],
          auth: { user: testUser },
          app: { isEducator: true },
        },
      );
    }

    it('when the form is untouched, then a link leaves at once', async () => {
      const user = userEvent.setup();
      const { location } = renderWithExit();
      await user.click(await screen.findByRole('link', { name: 'Sair' }));
      expect(await screen.findByText('Lista de cursos')).toBeInTheDocument();
      expect(location()).toBe('/educator/my-courses');
    });

    it('when something was typed, then leaving asks first: Continuar editando keeps the work, Sair sem salvar leaves', async () => {
      const user = userEvent.setup();
      const { location } = renderWithExit();
      await user.type(await screen.findByLabelText('Course Title'), 'Meio feito');
      await user.click(screen.getByRole('link', { name: 'Sair' }));

      const ask = screen.getByRole('alertdialog', { name: 'Sair sem salvar?' });
      expect(ask).toHaveTextContent('ainda não foram salvas');
      await user.click(within(ask).getByRole('button', { name: 'Continuar editando' }));
      expect(location()).toBe('/educator/add-course');
      expect(field.title()).toHaveValue('Meio feito');

      await user.click(screen.getByRole('link', { name: 'Sair' }));
      await user.click(
        within(screen.getByRole('alertdialog', { name: 'Sair sem salvar?' })).getByRole('button', {
          name: 'Sair sem salvar',
        }),
      );
      expect(await screen.findByText('Lista de cursos')).toBeInTheDocument();
      expect(location()).toBe('/educator/my-courses');
    });

    it('when the page is about to unload with changes, then the browser is asked to confirm; after ADD it is not', async () => {
      stubApi(() => ({
        status: 201,
        data: { success: true, message: 'Curso adicionado com sucesso', status: 'published' },
      }));
      const user = userEvent.setup();
      renderWithExit();
      await user.type(await screen.findByLabelText('Course Title'), 'Meio feito');
      const before = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(before);
      expect(before.defaultPrevented).toBe(true);

      await user.upload(field.thumbnail(), png());
      await user.click(field.submit());
      expect(await screen.findByText('Curso adicionado com sucesso')).toBeInTheDocument();
      const after = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(after);
      expect(after.defaultPrevented).toBe(false);
      await user.click(screen.getByRole('link', { name: 'Sair' }));
      expect(await screen.findByText('Lista de cursos')).toBeInTheDocument();
    });
  });
});
