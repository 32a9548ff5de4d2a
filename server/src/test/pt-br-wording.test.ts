import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A whole-word pattern, case-insensitive. JavaScript's \b sees accented letters as word breaks, so
 * the edges are "no letter on either side" instead.
 */
function word(source: string): RegExp {
  return new RegExp(`(?<!\\p{L})(?:${source})(?!\\p{L})`, 'iu');
}

/**
 * The product speaks Brazilian Portuguese, as the spec's own strings do ('Você', 'Acessar',
 * 'matriculado'). These forms exist only in European Portuguese (or mean something else in Brazil),
 * each with the word the product uses instead.
 */
const PT_PT_ONLY: readonly { form: RegExp; use: string }[] = [
  { form: word('guard(?:ar|ado|ada|ados|adas|amos|ámos|e|em|o)'), use: 'salvar / manter' },
  { form: word('\\p{L}+ámos'), use: 'the -amos past tense (enviamos, criamos)' },
  { form: word('noutr[oa]s?'), use: 'em outro(s)' },
  { form: word('consola'), use: 'console' },
  { form: word('perceb(?:er|e|o|emos|em|eu|a)'), use: 'entender' },
  { form: word('palavras?-passe'), use: 'senha' },
  { form: word('telemóve(?:l|is)'), use: 'celular' },
  { form: word('ecrãs?'), use: 'tela' },
  { form: word('utilizador(?:es|a|as)?'), use: 'usuário' },
  { form: word('regist(?:o|os|ar|ado|ada|ados|adas|e|ou)'), use: 'registro / registrar' },
  { form: word('ficheiros?'), use: 'arquivo' },
  {
    form: word(
      '(?:está|estão|estou|estamos|esteja|estejam|estava|estavam|estiver|ficar|fica|ficam|continua|continuam|anda|andam) a \\p{L}+r',
    ),
    use: 'the gerund (está pagando)',
  },
  { form: word('a (?:aguardar|correr)'), use: 'the gerund (aguardando, rodando)' },
  // 'A instalar dependências…': a status line in 'a + infinitive', the progressive of Portugal. Capital
  // and ending in '…' only: 'valor a pagar' and 'começar a estudar' are Brazilian too.
  { form: /(?<!\p{L})A \p{L}+[aei]r(?!\p{L})[^'"`\n]*…/u, use: 'the gerund (Instalando…)' },
  { form: word('por omissão'), use: 'padrão' },
  { form: word('equipas?'), use: 'equipe' },
  { form: word('contact(?:o|os|ar|e|ou)'), use: 'contato / contatar' },
  { form: word('secç(?:ão|ões)'), use: 'seção' },
  { form: word('acç(?:ão|ões)'), use: 'ação' },
  { form: word('óptim[oa]s?'), use: 'ótimo' },
  { form: word('descarreg\\p{L}*'), use: 'baixar' },
  { form: word('actualiz\\p{L}*|actualmente'), use: 'atualizar / atualmente' },
  { form: word('partilh\\p{L}*'), use: 'compartilhar' },
  { form: word('connosco'), use: 'conosco' },
  { form: word('receção'), use: 'recepção' },
  { form: word('(?:objecto|projecto)s?'), use: 'objeto / projeto' },
  { form: word('aced(?:er|e|a|eu|em)'), use: 'acessar' },
  { form: word('controlo'), use: 'controle' },
  { form: word('direct[oa]s?'), use: 'direto' },
  { form: word('em falta'), use: 'ausente / faltando' },
  { form: word('ligação'), use: 'conexão' },
  { form: word('percentagem'), use: 'porcentagem' },
  // 'o aceite' (the noun) is Brazilian too; the participle is not.
  { form: word('(?:é|foi|são|foram|ser|seja|sejam) aceites?'), use: 'aceito' },
  { form: word('definiç(?:ão|ões)'), use: 'configurações' },
  { form: word('repor'), use: 'redefinir' },
  { form: word('folhas? de cálculo'), use: 'planilha' },
  { form: word('bases? de dados'), use: 'banco de dados' },
  { form: word('contentor(?:es)?'), use: 'contêiner' },
  { form: word('toda a gente'), use: 'todo mundo' },
  { form: word('portefólios?'), use: 'portfólio' },
  { form: word('plane(?:ar|ie|ado|ada)'), use: 'planejar' },
  { form: word('podes|deves|voss[oa]s?'), use: 'você' },
  { form: word('demasiad[oa]s?'), use: 'muitos / muitas' },
  { form: word('(?:à|na|da|pela|numa) app(?! store)'), use: 'o app / no app' },
  { form: word('caixas? automátic[oa]s?'), use: 'caixa eletrônico' },
  { form: word('intermédi[oa]s?'), use: 'intermediário' },
  { form: word('tuplos?'), use: 'tupla' },
  // 'por si só' and 'por si mesmo' are Brazilian too; 'escrito por si' (by you) is not.
  { form: word('por si(?! só| mesm)'), use: 'por você' },
  { form: word('caixas? de correio'), use: 'caixa de entrada' },
  { form: word('(?:a primeira|uma|esta|essa) app'), use: 'o primeiro app / um app' },
  // A title quoted «like this» on screen (the refund dialogs had it); Brazil quotes “like this”.
  { form: /«[^»\n]*»/u, use: '“aspas”' },
];

/** Every pt-PT-only form found in `text`, as '<line>: <form> (use …)'. */
export function ptPtForms(text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const { form, use } of PT_PT_ONLY) {
      const match = form.exec(line);
      if (match) found.push(`${index + 1}: '${match[0]}' (use ${use})`);
    }
  });
  return found;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/**
 * What the product writes: the client's screens, the server's messages and seed, the contract's
 * rules, and what the npm scripts print to whoever runs them.
 */
const SCANNED = ['client/src', 'server/src', 'contract/src', 'scripts'];
/** Tests and test helpers quote the old forms on purpose (to check they are gone) or are never shown. */
const SKIPPED = [/\.test\.tsx?$/, /[\\/]test[\\/]/];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mjs)$/.test(entry.name) ? [full] : [];
  });
}

describe('pt-BR wording', () => {
  it('when text mixes in European Portuguese forms, then the scan names each one', () => {
    expect(ptPtForms('Rascunho guardado')).toEqual(["1: 'guardado' (use salvar / manter)"]);
    expect(ptPtForms('Você pagou por «Python do Zero»')).toEqual([
      "1: '«Python do Zero»' (use “aspas”)",
    ]);
    expect(ptPtForms('ok\nenviámos um link')).toEqual([
      "2: 'enviámos' (use the -amos past tense (enviamos, criamos))",
    ]);
    expect(ptPtForms('Um aluno está a pagar')).toHaveLength(1);
    expect(ptPtForms('Informe a palavra-passe noutros dispositivos')).toHaveLength(2);
    expect(ptPtForms('Abra a Consola para perceber o erro')).toHaveLength(2);
    // Accented edges: 'ecrã' ends in a letter JavaScript's \\b does not count as one.
    expect(ptPtForms('num ecrã grande, na base de dados')).toHaveLength(2);
    expect(ptPtForms('Aprendiz a correr em http://localhost')).toHaveLength(1);
    expect(ptPtForms("console.log('A instalar dependências (npm ci)…')")).toHaveLength(1);
    expect(ptPtForms("'A compilar o cliente…'")).toHaveLength(1);
    expect(ptPtForms('o servidor (por omissão :3000)')).toHaveLength(1);
    expect(ptPtForms("'Instalando dependências…' · 'Valor a pagar…' · 'Volte a tentar'")).toEqual(
      [],
    );
    expect(ptPtForms('Python Intermédio · arrays e tuplos · escrito por si')).toHaveLength(3);
    expect(ptPtForms('Veja a sua caixa de correio: a primeira app iOS')).toHaveLength(2);
    expect(ptPtForms('Intermediário, tuplas, por si só, caixa de entrada, o primeiro app')).toEqual(
      [],
    );
    expect(ptPtForms('Rascunho salvo. Enviamos um link; um aluno está pagando.')).toEqual([]);
  });

  it("when the client's, the server's, the contract's and the scripts' sources (seed included) are read, then none uses a pt-PT-only form", () => {
    const hits = SCANNED.flatMap((dir) =>
      sourceFiles(path.join(root, dir))
        .filter((file) => !SKIPPED.some((skip) => skip.test(path.relative(root, file))))
        .flatMap((file) =>
          ptPtForms(readFileSync(file, 'utf8')).map((hit) => `${path.relative(root, file)}:${hit}`),
        ),
    );
    // A failure names the file, the line, the form and the word to use instead.
    expect(hits).toEqual([]);
  });
});
