/** pt-BR texts of the CSV import and export of posts (docs/csv-import.md). */
export const csvMessages = {
  importButton: 'Importar CSV',
  exportButton: 'Exportar CSV',
  exporting: 'Exportando...',
  exportError: 'Erro ao exportar posts.',
  exportDone: (count: number) => (count === 1 ? '1 post exportado.' : `${count} posts exportados.`),
  exportEmpty: 'Não há posts para exportar.',
  modalTitle: 'Importar posts de um CSV',
  intro:
    'Envie uma planilha CSV (UTF-8, separada por ponto e vírgula ou vírgula) com as colunas título, tema, rede, conta, data, hora, texto, imagem e status. Nada é salvo antes da sua confirmação.',
  imagesIntro:
    'Imagens do seu computador: adicione os arquivos abaixo e escreva o nome de cada um (como foto.jpg) na coluna arquivo da imagem da linha do post.',
  addImages: 'Adicionar imagens',
  imagesList: 'Imagens enviadas',
  imageUploading: 'Enviando...',
  imageReady: 'Enviada',
  removeImage: (name: string) => `Remover ${name}`,
  imagesTooMany: (max: number) => `Adicione no máximo ${max} imagens por importação.`,
  imagesBusy: 'Aguarde o envio das imagens.',
  template: 'Baixar modelo CSV',
  fileLabel: 'Arquivo CSV',
  filePlaceholder: 'Escolha um arquivo .csv',
  clearFile: 'Remover arquivo',
  reading: 'Lendo o arquivo...',
  checking: 'Conferindo as linhas...',
  previewError: 'Erro ao conferir o arquivo.',
  importError: 'Erro ao importar os posts.',
  importing: 'Importando...',
  changedSincePreview:
    'Nada foi importado: algo mudou desde a prévia (um tema ou uma conta). Confira as linhas de novo.',
  nothingToImport: 'Todos os posts deste arquivo já existem: nada a importar.',
  importCount: (count: number) => (count === 1 ? 'Importar 1 post' : `Importar ${count} posts`),
  summary: (rows: number, errors: number, warnings: number) =>
    `${rows === 1 ? '1 linha' : `${rows} linhas`}: ${errors === 1 ? '1 com erro' : `${errors} com erro`}, ${warnings === 1 ? '1 com aviso' : `${warnings} com aviso`}.`,
  fixErrors:
    'Corrija as linhas com erro na planilha e envie o arquivo de novo: nada é importado enquanto houver um erro.',
  rowLabel: (line: number) => `Linha ${line}`,
  ok: 'OK',
  errorLabel: 'Erro',
  warningLabel: 'Aviso',
  previewTable: 'Prévia das linhas do CSV',
  done: (created: number, existing: number) =>
    `${created === 1 ? '1 post importado' : `${created} posts importados`}${existing > 0 ? `; ${existing === 1 ? '1 já existia e foi ignorado' : `${existing} já existiam e foram ignorados`}` : ''}.`,
  doneTitle: 'Importação concluída',
  close: 'Concluir',
  another: 'Importar outro arquivo',
  cancel: 'Cancelar',
  columns: {
    title: 'Título',
    theme: 'Tema',
    network: 'Rede',
    date: 'Data',
    text: 'Texto',
    result: 'Resultado',
  },
  /** The whole file's problems: nothing is read further. */
  file: {
    empty: 'O arquivo está vazio.',
    notUtf8: 'Não foi possível ler o arquivo: salve-o como CSV (UTF-8).',
    tooLarge: (maxMb: number) => `O arquivo passa de ${maxMb} MB. Divida-o em arquivos menores.`,
    tooManyRows: (rows: number, max: number) =>
      `O arquivo tem ${rows} linhas de posts; importe no máximo ${max} por vez.`,
    missingColumns: (columns: readonly string[]) =>
      columns.length === 1
        ? `Falta a coluna ${columns[0]} no cabeçalho.`
        : `Faltam as colunas ${columns.join(', ')} no cabeçalho.`,
    unreadable: (line: number) =>
      `Não foi possível ler o CSV perto da linha ${line} (aspas sem fechamento?).`,
    noRows: 'O arquivo só tem o cabeçalho: nenhuma linha de post.',
    /** More image files beside the CSV than one import takes (the limit of image addresses). */
    imageFilesTooMany: (max: number) =>
      `Foram enviadas mais de ${max} imagens: importe no máximo ${max} por vez (divida a planilha).`,
    /** Two uploaded files with the same name (case ignored): a row could not say which. */
    imageFileNameRepeated: (name: string) =>
      `Há duas imagens chamadas "${name}": renomeie uma delas e a linha que a cita.`,
    /** The workspace's budget of image addresses fetched (re-posted previews cannot fetch without end). */
    imageFetchLimited: (max: number, minutes: number) =>
      `Este espaço já baixou ${max} imagens por endereço na última hora, o limite: tente de novo em ${minutes === 1 ? '1 minuto' : `${minutes} minutos`}, ou envie as imagens como arquivos (coluna arquivo da imagem).`,
    optionColumnUnknown: (column: string) =>
      `A coluna "${column}" não é uma opção de rede conhecida. Use opcoes_<rede>.<opção>, como opcoes_google_business.postType (uma exportação de posts dessa rede traz as colunas certas).`,
  },
  /** A row's network options (the `opcoes_<rede>.<opção>` columns; docs/csv-import.md). */
  option: {
    otherNetwork: (column: string, columnNetwork: string, rowNetwork: string) =>
      `A coluna "${column}" é do ${columnNetwork}, mas esta linha é do ${rowNetwork}: deixe-a vazia.`,
    choice: (label: string, value: string, choices: readonly string[]) =>
      `"${label}": "${value}" não é uma das opções (${choices.join(', ')}).`,
    yesNo: (label: string, value: string) => `"${label}": "${value}" não vale; escreva sim ou não.`,
    dateTime: (label: string, value: string) =>
      `"${label}": "${value}" não é uma data e hora válida; use dd/mm/aaaa HH:mm.`,
    /** The validator's sentence, with the column that holds the option. */
    inColumn: (message: string, column: string) => `${message} (coluna ${column})`,
  },
  /** One row's errors: the row, and so the file, cannot be imported. */
  row: {
    themeMissing: 'Informe o tema.',
    themeUnknown: (name: string) => `Tema desconhecido: "${name}".`,
    networkMissing: 'Informe a rede.',
    networkUnknown: (name: string) => `Rede desconhecida: "${name}".`,
    networkNotInTheme: (network: string, theme: string) => `O tema "${theme}" não publica no ${network}.`,
    networkNotConnected: (network: string) => `${network} não está conectado neste espaço.`,
    accountUnknown: (account: string, network: string) =>
      `Conta desconhecida: "${account}" não é a conta do ${network} conectada.`,
    dateMissing: 'Informe a data (dd/mm/aaaa).',
    dateInvalid: (value: string) => `Data inválida: "${value}". Use dd/mm/aaaa.`,
    timeMissing: 'Informe a hora (HH:mm).',
    timeInvalid: (value: string) => `Hora inválida: "${value}". Use HH:mm.`,
    past: 'A data e a hora já passaram.',
    beyondHorizon: 'A data passa de 2 anos a partir de hoje.',
    textEmpty: 'O texto está vazio.',
    textTooLong: (network: string, length: number, max: number) =>
      `O texto tem ${length} caracteres; o limite do ${network} é ${max}.`,
    titleTooLong: (max: number) => `O título passa de ${max} caracteres.`,
    columnCount: (found: number, expected: number) =>
      `A linha tem ${found} colunas; o cabeçalho tem ${expected}.`,
    imageNotHttp: (value: string) =>
      `Endereço de imagem inválido: "${value}" (use um endereço http:// ou https://, ou deixe a coluna imagem vazia; para uma imagem do computador, escreva o nome do arquivo na coluna arquivo da imagem).`,
    /** The image's address could not be read (refused, private, not found, too slow, too big). */
    imageUnreachable: (url: string) =>
      `Não foi possível baixar a imagem de ${url}: confira se o endereço abre no navegador sem login (endereços internos não são aceitos) e se o arquivo tem até 20 MB.`,
    /** The bytes are not an image the network accepts: the upload's own sentence follows. */
    imageRejected: (url: string, reason: string) => `A imagem de ${url} não pode ser usada: ${reason}`,
    altTooLong: (max: number) => `O texto alternativo passa de ${max} caracteres.`,
    imagesUnavailable: 'Este servidor não guarda imagens: deixe a coluna imagem vazia.',
    /** A row with both an address and a file name. */
    imageAndFile: 'Preencha a coluna imagem ou a coluna arquivo da imagem, não as duas.',
    /** The row names a file that was not added beside the CSV. */
    imageFileMissing: (name: string) =>
      `O arquivo "${name}" não foi enviado: adicione-o em "Adicionar imagens" (o nome precisa ser igual, com a extensão).`,
    /** The upload of the file was refused (not an image, too big): the upload's own sentence follows. */
    imageFileRefused: (name: string, reason: string) => `O arquivo "${name}" não pode ser usado: ${reason}`,
    /** The uploaded file is no longer on the server (expired after hours, or discarded). */
    imageFileGone: (name: string) =>
      `O arquivo "${name}" não está mais no servidor: remova-o da lista de imagens e adicione-o de novo.`,
    imageTooMany: (max: number) =>
      `O arquivo tem mais de ${max} imagens por endereço: divida-o em arquivos menores ou deixe a coluna imagem vazia nas demais linhas.`,
  },
  /** One row's warnings: the row is imported, as the warning says. */
  warning: {
    duplicate: 'Já existe um post igual (tema, rede, data, hora e texto): esta linha será ignorada.',
    duplicateInFile: 'Linha repetida no arquivo: só a primeira será importada.',
    titleFromText: 'Sem título: o início do texto será usado.',
    /** An uploaded image no row names: it is not imported (the file's warning, not a row's). */
    imageFileUnused: (name: string) =>
      `A imagem "${name}" não é citada em nenhuma linha (coluna arquivo da imagem) e não será importada.`,
  },
} as const;
