import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button, buttonClass } from './button';
import { Field, FieldError, fieldErrors, inputClass } from './field';
import { focusRing } from './focus-ring';
import { Icon } from './icon';
import { LoadError } from './load-error';
import { TableBox } from './table';
import { TextEditForm } from './text-edit-form';

describe('Button', () => {
  it('when a request is pending, then the button is disabled and announced busy', () => {
    render(<Button pending>Guardar</Button>);
    const button = screen.getByRole('button', { name: 'Guardar' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });

  it('when idle, then it is a clickable type=button with the focus ring and no aria-busy', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Guardar</Button>);
    const button = screen.getByRole('button', { name: 'Guardar' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).not.toHaveAttribute('aria-busy');
    expect(button.className).toContain(focusRing);
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('when a variant and size are chosen, then their classes differ from the defaults', () => {
    expect(buttonClass({ variant: 'secondary', size: 'sm' })).not.toBe(buttonClass());
    expect(buttonClass({ variant: 'danger' })).toContain('bg-red-600');
  });
});

describe('Field', () => {
  it('when the field has a hint and an error, then the control is invalid and described by both, beside it', () => {
    render(
      <Field label="Nome" hint="Como aparece no certificado" error="Indique o seu nome">
        {(control) => <input {...control} className={inputClass} />}
      </Field>,
    );
    const input = screen.getByLabelText('Nome');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Como aparece no certificado Indique o seu nome');
    expect(screen.getByRole('alert')).toHaveTextContent('Indique o seu nome');
  });

  it('when there is no error, then the control is not marked invalid and nothing is announced', () => {
    render(<Field label="Nome">{(control) => <input {...control} />}</Field>);
    expect(screen.getByLabelText('Nome')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Nome')).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when a schema reports several issues, then each field keeps its first message', () => {
    expect(
      fieldErrors([
        { path: ['price'], message: 'Preço inválido' },
        { path: ['price'], message: 'Outro' },
        { path: ['courseContent', 0, 'chapterTitle'], message: 'Capítulo sem título' },
      ]),
    ).toEqual({ price: 'Preço inválido', 'courseContent.0.chapterTitle': 'Capítulo sem título' });
  });

  it('when FieldError has nothing to say, then it renders nothing', () => {
    const { container } = render(<FieldError error={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('LoadError', () => {
  it('when shown, then it says what failed and why, and Tentar novamente retries', async () => {
    const onRetry = vi.fn();
    render(
      <LoadError
        title="Não foi possível carregar"
        message="Servidor fora do ar"
        onRetry={onRetry}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Não foi possível carregar' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Servidor fora do ar');
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('while retrying, then the button is busy and cannot be pressed twice', () => {
    render(<LoadError message="Falhou" onRetry={() => {}} retrying />);
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeDisabled();
  });
});

describe('TextEditForm', () => {
  it('when the text is edited and saved, then onSave gets the new text and the button is busy until it answers', async () => {
    let answer: () => void = () => {};
    const onSave = vi.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    render(
      <TextEditForm
        label="Editar nota"
        labelHidden
        initialText="Rever"
        maxLength={20}
        saveLabel="Salvar nota"
        onSave={onSave}
        onCancel={() => {}}
      />,
    );
    const field = screen.getByLabelText('Editar nota');
    expect(field).toHaveValue('Rever');
    expect(field).toHaveAttribute('maxlength', '20');
    await userEvent.type(field, ' o laço');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar nota' }));
    expect(onSave).toHaveBeenCalledWith('Rever o laço');
    expect(screen.getByRole('button', { name: 'Salvar nota' })).toBeDisabled();
    answer();
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Salvar nota' })).toBeEnabled(),
    );
    // Not kept (a refusal): the text stays for another try.
    expect(field).toHaveValue('Rever o laço');
  });

  it('when the text is empty, then saving is refused by the form and Cancelar calls onCancel', async () => {
    const onSave = vi.fn(async () => {});
    const onCancel = vi.fn();
    render(<TextEditForm label="Nota" maxLength={20} onSave={onSave} onCancel={onCancel} />);
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onSave).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

describe('Icon', () => {
  it('when drawn, then it is hidden from screen readers', () => {
    const { container } = render(
      <Icon>
        <circle cx="12" cy="12" r="9" />
      </Icon>,
    );
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });
});

describe('TableBox', () => {
  it('when a table is wider than the screen, then its named region can be reached by keyboard to scroll it', () => {
    render(
      <TableBox label="Alunos" scrollHint>
        <table />
      </TableBox>,
    );
    expect(screen.getByRole('region', { name: 'Alunos' })).toHaveAttribute('tabindex', '0');
  });
});
