import { useNavigate } from 'react-router-dom';

/** The browser's Back button, for a test inside a MemoryRouter. */
export function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Voltar
    </button>
  );
}
