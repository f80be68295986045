import type { Translation } from './translation.js';

/** Português. */
export const pt: Translation = {
  $code: 'pt',
  $name: 'Português',
  loading: 'A preparar a sua verificação…',
  cancel: 'Cancelar a verificação',
  continue: 'Continuar',
  tryAgain: 'Tentar novamente',
  start: 'Começar',
  progress: (current, total) => `Passo ${current} de ${total}`,
  logoAlt: (company) => `Logótipo de ${company}`,
  welcomeTitle: (company) => `${company} pretende verificar a sua identidade`,
  welcomeBody: 'Demora cerca de dois minutos. Tenha o seu documento de identificação à mão.',
  welcomeBodyFace: 'Bem-vindo de volta. Demora menos de um minuto: apenas uma selfie rápida.',
  welcomeNeedDocument: 'Fotografias da frente e do verso do documento',
  welcomeNeedPassport: 'Uma fotografia da página de identificação do passaporte',
  welcomeNeedAnyDocument:
    'Fotografias do documento de identidade (frente e verso) ou da página de identificação do passaporte',
  welcomeNeedSelfie: 'Uma selfie curta para comparar o seu rosto',
  welcomeNeedLocation: 'A sua localização',
  termsLabel:
    'Aceito os termos e condições e o tratamento das imagens do meu documento e do meu rosto para verificar a minha identidade.',
  termsRequired: 'Aceite os termos para continuar.',
  locationTitle: 'Partilhe a sua localização',
  locationBodyOptional: (company) =>
    `${company} usa a sua localização para confirmar que é mesmo você. Pode saltar este passo.`,
  locationBodyRequired: (company) =>
    `${company} precisa da sua localização para verificar a sua identidade.`,
  locationAllow: 'Partilhar a minha localização',
  locationSkip: 'Saltar',
  locationLocating: 'A obter a sua localização…',
  locationDeniedRequired:
    'O acesso à localização está bloqueado. Permita-o para este site nas definições do navegador e tente novamente.',
  locationDeniedRequiredApp:
    'O acesso à localização está bloqueado. Permita-o para esta aplicação nas definições do dispositivo e tente novamente.',
  locationUnavailableRequired:
    'Não foi possível obter a sua localização. Verifique se os serviços de localização estão ativos e tente novamente.',
  gatedTitle: 'Use outro dispositivo',
  gatedReasons: {
    os_outdated: 'O sistema deste dispositivo é demasiado antigo para uma verificação segura.',
    unsupported_platform: 'Este tipo de dispositivo não é suportado nesta verificação.',
    unsupported_form_factor: 'Esta verificação tem de ser feita noutro tipo de dispositivo.',
    camera_unsuitable: 'A câmara deste dispositivo não é adequada para esta verificação.',
  },
  handoffTitle: 'Continue no seu telemóvel',
  handoffBody:
    'Leia o código com a câmara do telemóvel. Os telemóveis tiram fotografias mais nítidas dos documentos.',
  handoffRequiredBody:
    'Esta verificação tem de ser feita num telemóvel. Leia o código com a câmara do telemóvel.',
  handoffContinueHere: 'Continuar neste dispositivo',
  handoffWaiting: 'À espera do seu telemóvel… Mantenha esta página aberta.',
  handoffExpired: 'O código expirou.',
  handoffNewCode: 'Mostrar um código novo',
  handoffLinkLabel: 'Ou abra esta ligação no telemóvel:',
  handoffOtherDevice: 'Continuar noutro dispositivo',
  qrAlt: 'Código QR para continuar a verificação no telemóvel',
  copyLink: 'Copiar ligação',
  linkCopied: 'Ligação copiada',
  identifyTitle: 'Confirme o seu e-mail',
  identifyBody: 'Usamo-lo para o reconhecer e encurtar a sua verificação.',
  emailLabel: 'Endereço de e-mail',
  emailInvalid: 'Introduza um e-mail válido.',
  documentChoiceTitle: 'Que documento vai usar?',
  documentChoiceBody: 'Escolha o documento que tem consigo.',
  documentChoices: {
    ID_CARD: {
      label: 'Documento de identidade',
      hint: 'Cartão de identidade ou autorização de residência: frente e verso',
    },
    PASSPORT: { label: 'Passaporte', hint: 'A página com a sua foto' },
  },
  passportCapture: {
    title: 'Página da foto do seu passaporte',
    instructions:
      'Abra o passaporte na página da foto e coloque a página inteira dentro da moldura.',
    checking: 'A verificar o seu passaporte…',
  },
  captureTitles: {
    front: 'Frente do documento',
    back: 'Verso do documento',
    selfie: 'Tire uma selfie',
  },
  captureInstructions: {
    front: 'Coloque a frente do documento dentro da moldura.',
    back: 'Vire o documento e coloque o verso dentro da moldura.',
    selfie: 'Mantenha o rosto dentro do oval e siga as instruções.',
  },
  startingCamera: 'A iniciar a câmara…',
  documentCoach: {
    'no-document': 'Coloque o documento dentro da moldura',
    'too-far': 'Aproxime-se',
    'too-close': 'Afaste-se um pouco',
    'too-dark': 'Demasiado escuro: procure mais luz',
    'too-bright': 'Demasiada luz: evite luz direta',
    glare: 'Reflexos: incline ligeiramente o documento',
    blurry: 'Não se mexa',
  },
  holdStill: 'Não se mexa…',
  documentGood: 'Perfeito, mantenha assim',
  faceCoach: {
    'no-face': 'Coloque o rosto dentro do oval',
    'multiple-faces': 'Apenas um rosto, por favor',
    'too-far': 'Aproxime-se',
    'too-close': 'Afaste-se um pouco',
    'off-center': 'Centre o rosto no oval',
    turned: 'Olhe diretamente para a câmara',
  },
  faceHint: {
    'no-face': 'Ainda não encontramos um rosto: olhe para a câmara à altura dos olhos, com boa luz',
    'multiple-faces': 'Há mais de um rosto visível: certifique-se de que está sozinho na imagem',
    'too-far': 'O seu rosto está demasiado longe: aproxime o telemóvel',
    'too-close': 'O seu rosto está demasiado perto: afaste um pouco o telemóvel',
    'off-center': 'O seu rosto está de lado: coloque-o dentro do oval',
    turned: 'A sua cabeça está virada: olhe diretamente para a câmara',
  },
  challengeTurnLeft: 'Agora vire a cabeça devagar para a esquerda',
  challengeTurnRight: 'Agora vire a cabeça devagar para a direita',
  challengeBlink: 'Agora pisque os olhos duas vezes',
  challengeDone: 'Ótimo, já está',
  preparingFaceCheck: 'A preparar a verificação facial…',
  captureButton: 'Tirar fotografia',
  reviewTitle: 'Verifique a fotografia',
  reviewBody: 'Confirme que o documento está todo visível, o texto nítido e sem reflexos.',
  reviewSelfieBody: 'Confirme que o seu rosto está bem visível.',
  usePhoto: 'Usar esta fotografia',
  retake: 'Repetir',
  uploadInstead: 'Carregar uma fotografia',
  uploadPhoto: 'Escolher uma fotografia',
  cameraDeniedTitle: 'O acesso à câmara está bloqueado',
  cameraDeniedBody:
    'Permita o acesso à câmara para este site nas definições do navegador e tente novamente.',
  cameraDeniedBodyApp:
    'Permita o acesso à câmara para esta aplicação nas definições do dispositivo e tente novamente.',
  openSettings: 'Abrir definições',
  cameraUnavailableTitle: 'Nenhuma câmara disponível',
  cameraUnavailableBody: 'Não foi possível iniciar uma câmara neste dispositivo.',
  faceCheckUnavailableTitle: 'A verificação facial não pode ser feita aqui',
  faceCheckUnavailableBody:
    'A selfie precisa de uma verificação facial ao vivo que este dispositivo não consegue fazer. Tente de novo ou continue noutro telemóvel.',
  unsupportedBrowserTitle: 'Este navegador não consegue usar a câmara',
  unsupportedBrowserBody:
    'Abra esta página num navegador atualizado, como Chrome, Safari, Firefox ou Edge.',
  inAppBrowserBody:
    'Esta aplicação não permite usar a câmara. Abra a página no seu navegador (Safari ou Chrome).',
  uploadFailed: 'Não foi possível enviar a fotografia. Tente novamente.',
  uploadUnreadable:
    'Não foi possível ler esta fotografia. Tire uma nova fotografia ou escolha uma imagem JPEG, PNG ou WebP.',
  uploadTooLarge:
    'Esta fotografia é demasiado grande. Tire uma nova fotografia ou escolha uma imagem mais pequena.',
  uploadWrongType: 'Este tipo de ficheiro não é aceite. Escolha uma imagem JPEG, PNG ou WebP.',
  uploadTooSmall:
    'Esta fotografia é demasiado pequena. Tire uma nova fotografia ou escolha uma imagem maior.',
  unavailableTitle: 'Serviço indisponível',
  unavailableBody:
    'O serviço de verificação está indisponível neste momento. Tente novamente dentro de instantes.',
  rateLimited: (seconds) =>
    `Demasiados pedidos ao mesmo tempo. Nova tentativa dentro de ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}…`,
  movedTitle: 'Continua noutro dispositivo',
  movedBody:
    'Esta verificação está a ser concluída noutro dispositivo. O resultado aparecerá aqui quando terminar.',
  sending: 'A enviar…',
  checking: {
    front: 'A verificar a frente do documento…',
    back: 'A verificar o verso do documento…',
    selfie: 'A verificar a sua selfie…',
  },
  retryTitle: 'Vamos tentar outra vez',
  retriesLeft: (count) => (count === 1 ? 'Resta 1 tentativa' : `Restam ${count} tentativas`),
  processingTitle: 'A verificar a sua identidade…',
  processingBody: 'Normalmente demora alguns segundos.',
  successTitle: 'Identidade verificada',
  successBody: 'Obrigado. A sua identidade foi verificada.',
  failedTitle: 'Não foi possível verificar a sua identidade',
  failedBody: 'A verificação não pôde ser concluída. Contacte a empresa que lhe enviou a ligação.',
  expiredTitle: 'Esta ligação expirou',
  expiredBody: 'Peça uma nova ligação de verificação à empresa que a enviou.',
  usedTitle: 'Esta ligação já foi usada',
  usedBody: 'Cada ligação funciona uma vez. Peça uma nova se precisar de se verificar outra vez.',
  inactiveTitle: 'Esta ligação já não está ativa',
  cancelledTitle: 'Verificação cancelada',
  cancelledBody: 'Pode fechar esta página.',
  redirecting: 'A voltar…',
  networkErrorTitle: 'Problema de ligação',
  networkErrorBody:
    'Não foi possível contactar o serviço de verificação. Verifique a sua ligação e tente novamente.',
  missingLink: 'Não foi indicada nenhuma ligação de verificação.',
};
