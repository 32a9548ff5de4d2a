import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useAppContext } from '../../context/app-context';
import type { RouteHandle } from '../../app/page-meta';
import { env } from '../../config/env';
import { focusRing } from '../../components/ui/focus-ring';
import { PrivacyContacts } from '../../features/account-security';

const headingClass = 'mt-10 text-xl font-semibold text-slate-900';
const listClass = 'mt-3 list-disc space-y-1 pl-6';
const linkClass = `rounded-sm text-blue-700 underline ${focusRing}`;

export const handle: RouteHandle = {
  meta: () => ({
    title: 'Política de Privacidade',
    description: `Como a ${env.brand} coleta, usa e protege os seus dados pessoais.`,
  }),
};

/**
 * /privacy-policy: the sections the product lists, in Portuguese, with what the law asks of them:
 * who answers for the data, what is kept and for how long, each right and where to exercise it,
 * and plainly that nothing non-essential is stored in the browser.
 */
export default function PrivacyPolicyPage() {
  const { brand } = useAppContext();

  return (
    <article className="mx-auto max-w-3xl px-4 py-10 leading-relaxed text-slate-700 sm:px-8">
      <h1 className="text-3xl font-semibold text-slate-900 md:text-4xl">Política de Privacidade</h1>
      <p className="mt-2 text-sm text-slate-600">Em vigor desde 11 de abril de 2025</p>
      <p className="text-sm text-slate-600">Atualizada em 28 de novembro de 2026</p>

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
        <PrivacyContacts brand={brand} />
        <p className="mt-3">
          Seguimos a Lei Geral de Proteção de Dados do Brasil (LGPD), o Regulamento Geral sobre a
          Proteção de Dados (RGPD) em Portugal e a Lei n.º 22/11 de Angola. Tratamos os seus dados
          para prestar o serviço que você pediu (a sua conta, os seus cursos, as suas compras), para
          cumprir obrigações legais (fiscais, por exemplo) e, só com o seu consentimento, para
          enviar novidades e ofertas por e-mail.
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
        <p className="mt-3">Em detalhe, mantemos:</p>
        <ul className={listClass}>
          <li>
            <strong>Conta</strong>: nome, e-mail, foto de perfil e a senha, mantida apenas como um
            código irreversível.
          </li>
          <li>
            <strong>Aprendizado</strong>: inscrições, progresso e posição nos vídeos, anotações,
            tentativas de questionário e certificados.
          </li>
          <li>
            <strong>Participação</strong>: avaliações, perguntas e respostas que você publica.
          </li>
          <li>
            <strong>Compras e reembolsos</strong>: curso, valor, forma de pagamento e as referências
            do provedor de pagamento (nunca o número do seu cartão).
          </li>
          <li>
            <strong>Educadores</strong>: cursos, cupons, vendas e repasses, com os dados de
            recebimento armazenados cifrados.
          </li>
          <li>
            <strong>Sessões</strong>: navegador, sistema, endereço de rede e quando cada sessão
            começou e foi usada pela última vez.
          </li>
          <li>
            <strong>Escolhas de e-mail</strong>: cada vez que você aceita ou recusa um tipo de
            e-mail, quando foi e o texto que você viu.
          </li>
          <li>
            <strong>Mensagens de contato</strong>: o e-mail e a mensagem que você nos enviar.
          </li>
        </ul>
      </section>

      <section aria-labelledby="retencao">
        <h2 id="retencao" className={headingClass}>
          Retenção dos dados
        </h2>
        <ul className={listClass}>
          <li>Conta, aprendizado, participação e escolhas de e-mail: enquanto a conta existir.</li>
          <li>
            Compras, reembolsos e lançamentos financeiros: pelo prazo que a lei fiscal exige (por
            exemplo, 5 anos no Brasil e 10 anos em Portugal), separados da sua identidade depois que
            a conta é excluída.
          </li>
          <li>Sessões: até a sessão terminar ou expirar (no máximo 7 dias).</li>
          <li>
            Links enviados por e-mail: a confirmação de e-mail vale 24 horas e a redefinição de
            senha, 1 hora; armazenamos só um código derivado deles.
          </li>
          <li>Mensagens de contato: pelo tempo de responder.</li>
        </ul>
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
          exceto quando exigido por lei. Quem presta o serviço conosco recebe só o necessário e age
          em nosso nome: o provedor de pagamento da sua compra, o serviço de envio de e-mails e,
          quando usados, os serviços de login e de hospedagem de imagens. Não vendemos dados
          pessoais nem os usamos para publicidade.
        </p>
      </section>

      <section aria-labelledby="links-externos">
        <h2 id="links-externos" className={headingClass}>
          Links externos
        </h2>
        <p className="mt-3">
          O nosso site pode conter links para sites externos que não são operados por nós. Não temos
          controle sobre o conteúdo e as práticas desses sites e não podemos aceitar
          responsabilidade pelas respectivas políticas de privacidade. Os vídeos do YouTube e o
          agendamento de mentorias pelo Calendly são carregados desses serviços só quando você os
          abre, e seguem as políticas deles.
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

      <section aria-labelledby="direitos">
        <h2 id="direitos" className={headingClass}>
          Os seus direitos e como exercê-los
        </h2>
        <ul className={listClass}>
          <li>
            <strong>Acesso e portabilidade</strong>: em{' '}
            <Link to={paths.profile} className={linkClass}>
              Meu perfil
            </Link>
            , “Baixar meus dados” prepara um arquivo com o que mantemos sobre você.
          </li>
          <li>
            <strong>Correção</strong>: nome, foto e e-mail mudam em Meu perfil (um novo e-mail só
            passa a valer depois de confirmado).
          </li>
          <li>
            <strong>Exclusão</strong>: “Excluir minha conta”, em Meu perfil. Há um prazo para mudar
            de ideia: entrar na conta cancela o pedido. Depois, apagamos a foto, as anotações, as
            sessões e os dados de recebimento; avaliações, perguntas e respostas públicas ficam
            assinadas como “Pessoa removida”; as compras que a lei fiscal exige ficam armazenadas
            sem a sua identidade.
          </li>
          <li>
            <strong>Revogar o consentimento</strong>: as escolhas de e-mail em Meu perfil, ou o link
            ao fim de cada e-mail.
          </li>
          <li>
            <strong>Ver onde você está conectado e encerrar sessões</strong>: em Meu perfil.
          </li>
          <li>
            <strong>Qualquer outro pedido</strong> (informação, oposição, revisão): pelo contato
            indicado acima. Respondemos em até 15 dias.
          </li>
          <li>
            <strong>Reclamar a uma autoridade</strong>: a ANPD no Brasil, a CNPD em Portugal ou a
            APD em Angola.
          </li>
        </ul>
      </section>

      <section aria-labelledby="cookies">
        <h2 id="cookies" className={headingClass}>
          Cookies e rastreamento
        </h2>
        <p className="mt-3">
          A {brand} não usa cookies nem tecnologias de rastreamento que não sejam essenciais: não há
          publicidade nem ferramentas de análise de terceiros, por isso não pedimos consentimento
          para cookies. O seu navegador armazena apenas o necessário para o site funcionar: a sua
          sessão, quando você entra, e um identificador aleatório usado para contar quantas pessoas
          estão on-line.
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
