import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useAppContext } from '../../context/app-context';
import type { RouteHandle } from '../../app/page-meta';
import { env } from '../../config/env';
import { focusRing } from '../../components/ui/focus-ring';

const headingClass = 'mt-10 text-xl font-semibold text-slate-900';
const listClass = 'mt-3 list-disc space-y-1 pl-6';

export const handle: RouteHandle = {
  meta: () => ({
    title: 'Política de Privacidade',
    description: `Como a ${env.brand} coleta, usa e protege os seus dados pessoais.`,
  }),
};

/** /privacy-policy: the sections the product lists, in Portuguese. */
export default function PrivacyPolicyPage() {
  const { brand } = useAppContext();

  return (
    <article className="mx-auto max-w-3xl px-4 py-10 leading-relaxed text-slate-700 sm:px-8">
      <h1 className="text-3xl font-semibold text-slate-900 md:text-4xl">Política de Privacidade</h1>
      <p className="mt-2 text-sm text-slate-600">Em vigor desde 11 de abril de 2025</p>

      <section aria-labelledby="privacidade">
        <h2 id="privacidade" className={headingClass}>
          A sua privacidade
        </h2>
        <p className="mt-3">
          A sua privacidade é importante para nós. É política da {brand} respeitar a sua privacidade
          em relação a qualquer informação que possamos coletar no site e nos serviços que
          oferecemos. Solicitamos informações pessoais apenas quando realmente precisamos delas para
          lhe fornecer um serviço, de forma justa e legal, com o seu conhecimento e consentimento, e
          informamos por que estamos coletando essas informações e como serão usadas.
        </p>
      </section>

      <section aria-labelledby="dados-coletados">
        <h2 id="dados-coletados" className={headingClass}>
          Dados que coletamos
        </h2>
        <p className="mt-3">Para prestar os nossos serviços, podemos coletar:</p>
        <ul className={listClass}>
          <li>o seu nome;</li>
          <li>o seu endereço de e-mail;</li>
          <li>o seu progresso nos cursos em que você está inscrito;</li>
          <li>os agendamentos de sessões de mentoria;</li>
          <li>os desafios técnicos que você realiza na plataforma.</li>
        </ul>
      </section>

      <section aria-labelledby="retencao">
        <h2 id="retencao" className={headingClass}>
          Retenção dos dados
        </h2>
        <p className="mt-3">
          Mantemos as informações coletadas apenas pelo tempo necessário para prestar o serviço
          solicitado. Os dados que armazenamos são protegidos com meios comercialmente aceitáveis
          para evitar perdas e roubos, bem como acesso, divulgação, cópia, uso ou modificação não
          autorizados.
        </p>
      </section>

      <section aria-labelledby="compartilhamento">
        <h2 id="compartilhamento" className={headingClass}>
          Compartilhamento com terceiros
        </h2>
        <p className="mt-3">
          Não compartilhamos informações de identificação pessoal publicamente nem com terceiros,
          exceto quando exigido por lei.
        </p>
      </section>

      <section aria-labelledby="links-externos">
        <h2 id="links-externos" className={headingClass}>
          Links externos
        </h2>
        <p className="mt-3">
          O nosso site pode conter links para sites externos que não são operados por nós. Não temos
          controle sobre o conteúdo e as práticas desses sites e não podemos aceitar
          responsabilidade pelas respectivas políticas de privacidade.
        </p>
      </section>

      <section aria-labelledby="dados-opcionais">
        <h2 id="dados-opcionais" className={headingClass}>
          Dados opcionais
        </h2>
        <p className="mt-3">
          Você pode recusar o nosso pedido de informações pessoais, entendendo que talvez não
          possamos fornecer alguns dos serviços desejados. O uso continuado do site será considerado
          como aceitação das nossas práticas de privacidade e de tratamento de informações pessoais.
        </p>
      </section>

      <section aria-labelledby="compromisso">
        <h2 id="compromisso" className={headingClass}>
          Compromisso do usuário
        </h2>
        <p className="mt-3">
          O usuário se compromete a fazer uso adequado dos conteúdos e das informações que a {brand}{' '}
          oferece no site, e com caráter enunciativo, mas não limitativo, a:
        </p>
        <ul className={listClass}>
          <li>não se envolver em atividades ilegais ou contrárias à boa-fé e à ordem pública;</li>
          <li>
            não difundir conteúdos ofensivos, de caráter racista, xenófobo ou discriminatório, de
            apologia ao terrorismo ou contra os direitos humanos;
          </li>
          <li>
            não causar danos aos sistemas físicos (hardware) e lógicos (software) da {brand}, dos
            seus fornecedores ou de terceiros, nem introduzir ou disseminar vírus informáticos ou
            quaisquer outros sistemas capazes de causar esses danos.
          </li>
        </ul>
      </section>

      <section aria-labelledby="mais-informacoes">
        <h2 id="mais-informacoes" className={headingClass}>
          Mais informações
        </h2>
        <p className="mt-3">
          Esperamos que esta política esteja esclarecida. Se tiver dúvidas sobre a forma como
          tratamos os dados do usuário e as informações pessoais, ou se precisar de esclarecer
          alguma coisa, fale conosco pela página de{' '}
          <Link to={paths.contact} className={`rounded-sm text-blue-700 underline ${focusRing}`}>
            contato
          </Link>
          .
        </p>
      </section>
    </article>
  );
}
