import type { Translation } from './translation.js';

/** Español. */
export const es: Translation = {
  $code: 'es',
  $name: 'Español',
  loading: 'Preparando tu verificación…',
  cancel: 'Cancelar la verificación',
  continue: 'Continuar',
  tryAgain: 'Intentar de nuevo',
  start: 'Empezar',
  progress: (current, total) => `Paso ${current} de ${total}`,
  logoAlt: (company) => `Logotipo de ${company}`,
  welcomeTitle: (company) => `${company} quiere verificar tu identidad`,
  welcomeBody: 'Tardarás unos dos minutos. Ten a mano tu documento de identidad.',
  welcomeBodyFace: 'Hola de nuevo. Tardarás menos de un minuto: solo un selfi rápido.',
  welcomeNeedDocument: 'Fotos del anverso y el reverso de tu documento',
  welcomeNeedPassport: 'Una foto de la página de datos de tu pasaporte',
  welcomeNeedAnyDocument:
    'Fotos de tu documento de identidad (anverso y reverso) o de la página de datos de tu pasaporte',
  welcomeNeedSelfie: 'Un selfi breve para comparar tu cara',
  welcomeNeedLocation: 'Tu ubicación',
  termsLabel:
    'Acepto los términos y condiciones y el tratamiento de las imágenes de mi documento y de mi cara para verificar mi identidad.',
  termsRequired: 'Acepta los términos para continuar.',
  locationTitle: 'Comparte tu ubicación',
  locationBodyOptional: (company) =>
    `${company} usa tu ubicación para confirmar que eres tú. Puedes omitir este paso.`,
  locationBodyRequired: (company) =>
    `${company} necesita tu ubicación para verificar tu identidad.`,
  locationAllow: 'Compartir mi ubicación',
  locationSkip: 'Omitir',
  locationLocating: 'Buscando tu ubicación…',
  locationDeniedRequired:
    'El acceso a la ubicación está bloqueado. Permítelo para este sitio en los ajustes del navegador y vuelve a intentarlo.',
  locationDeniedRequiredApp:
    'El acceso a la ubicación está bloqueado. Permítelo para esta app en los ajustes del dispositivo y vuelve a intentarlo.',
  locationUnavailableRequired:
    'No se pudo obtener tu ubicación. Comprueba que los servicios de ubicación están activados y vuelve a intentarlo.',
  gatedTitle: 'Usa otro dispositivo',
  gatedReasons: {
    os_outdated:
      'El sistema de este dispositivo es demasiado antiguo para una verificación segura.',
    unsupported_platform: 'Este tipo de dispositivo no es compatible con esta verificación.',
    unsupported_form_factor: 'Esta verificación debe hacerse en otro tipo de dispositivo.',
    camera_unsuitable: 'La cámara de este dispositivo no es adecuada para esta verificación.',
  },
  handoffTitle: 'Continúa en tu móvil',
  handoffBody:
    'Escanea el código con la cámara de tu móvil. Los móviles hacen fotos más nítidas de los documentos.',
  handoffRequiredBody:
    'Esta verificación debe completarse en un móvil. Escanea el código con la cámara de tu móvil.',
  handoffContinueHere: 'Continuar en este dispositivo',
  handoffWaiting: 'Esperando a tu móvil… Mantén esta página abierta.',
  handoffExpired: 'El código ha caducado.',
  handoffNewCode: 'Mostrar un código nuevo',
  handoffLinkLabel: 'O abre este enlace en tu móvil:',
  handoffOtherDevice: 'Continuar en otro dispositivo',
  qrAlt: 'Código QR para continuar la verificación en tu móvil',
  copyLink: 'Copiar enlace',
  linkCopied: 'Enlace copiado',
  identifyTitle: 'Confirma tu correo electrónico',
  identifyBody: 'Lo usamos para reconocerte y acortar tu verificación.',
  emailLabel: 'Correo electrónico',
  emailInvalid: 'Introduce un correo electrónico válido.',
  documentChoiceTitle: '¿Qué documento vas a usar?',
  documentChoiceBody: 'Elige el documento que tienes contigo.',
  documentChoices: {
    ID_CARD: {
      label: 'Documento de identidad',
      hint: 'DNI, cédula o permiso de residencia: anverso y reverso',
    },
    PASSPORT: { label: 'Pasaporte', hint: 'La página con tu foto' },
  },
  passportCapture: {
    title: 'Página de la foto de tu pasaporte',
    instructions:
      'Abre tu pasaporte por la página de la foto y coloca la página entera dentro del marco.',
    checking: 'Comprobando tu pasaporte…',
  },
  captureTitles: {
    front: 'Anverso del documento',
    back: 'Reverso del documento',
    selfie: 'Hazte un selfi',
  },
  captureInstructions: {
    front: 'Coloca el anverso de tu documento dentro del marco.',
    back: 'Da la vuelta al documento y coloca el reverso dentro del marco.',
    selfie: 'Mantén la cara dentro del óvalo y sigue las instrucciones.',
  },
  startingCamera: 'Iniciando la cámara…',
  documentCoach: {
    'no-document': 'Coloca tu documento dentro del marco',
    'too-far': 'Acércate',
    'too-close': 'Aléjate un poco',
    'too-dark': 'Demasiado oscuro: busca más luz',
    'too-bright': 'Demasiada luz: evita la luz directa',
    glare: 'Reflejos: inclina un poco el documento',
    blurry: 'No te muevas',
  },
  holdStill: 'No te muevas…',
  documentGood: 'Perfecto, quieto así',
  faceCoach: {
    'no-face': 'Coloca tu cara dentro del óvalo',
    'multiple-faces': 'Solo una cara, por favor',
    'too-far': 'Acércate',
    'too-close': 'Aléjate un poco',
    'off-center': 'Centra tu cara en el óvalo',
    turned: 'Mira directamente a la cámara',
  },
  faceHint: {
    'no-face':
      'Aún no encontramos una cara: mira a la cámara a la altura de los ojos, con buena luz',
    'multiple-faces': 'Se ve más de una cara: asegúrate de estar solo en la imagen',
    'too-far': 'Tu cara está demasiado lejos: acerca el teléfono',
    'too-close': 'Tu cara está demasiado cerca: aleja un poco el teléfono',
    'off-center': 'Tu cara está a un lado: muévela dentro del óvalo',
    turned: 'Tienes la cabeza girada: mira directamente a la cámara',
  },
  challengeTurnLeft: 'Ahora gira la cabeza despacio hacia la izquierda',
  challengeTurnRight: 'Ahora gira la cabeza despacio hacia la derecha',
  challengeBlink: 'Ahora parpadea dos veces',
  challengeDone: 'Genial, ya está',
  preparingFaceCheck: 'Preparando la comprobación facial…',
  captureButton: 'Hacer foto',
  reviewTitle: 'Revisa tu foto',
  reviewBody:
    'Comprueba que se ve todo el documento, que el texto es nítido y que no hay reflejos.',
  reviewSelfieBody: 'Comprueba que tu cara se ve con claridad.',
  usePhoto: 'Usar esta foto',
  retake: 'Repetir',
  uploadInstead: 'Subir una foto',
  uploadPhoto: 'Elegir una foto',
  cameraDeniedTitle: 'El acceso a la cámara está bloqueado',
  cameraDeniedBody:
    'Permite el acceso a la cámara para este sitio en los ajustes del navegador y vuelve a intentarlo.',
  cameraDeniedBodyApp:
    'Permite el acceso a la cámara para esta app en los ajustes del dispositivo y vuelve a intentarlo.',
  openSettings: 'Abrir ajustes',
  cameraUnavailableTitle: 'No hay cámara disponible',
  cameraUnavailableBody: 'No pudimos iniciar una cámara en este dispositivo.',
  faceCheckUnavailableTitle: 'La comprobación facial no puede hacerse aquí',
  faceCheckUnavailableBody:
    'El selfi necesita una comprobación facial en directo que este dispositivo no puede hacer. Inténtalo de nuevo o continúa en otro teléfono.',
  unsupportedBrowserTitle: 'Este navegador no puede usar la cámara',
  unsupportedBrowserBody:
    'Abre esta página en un navegador actualizado como Chrome, Safari, Firefox o Edge.',
  inAppBrowserBody:
    'Esta aplicación no permite usar la cámara. Abre la página en tu navegador (Safari o Chrome).',
  uploadFailed: 'No se pudo enviar la foto. Inténtalo de nuevo.',
  uploadUnreadable:
    'No se pudo leer esta foto. Haz una foto nueva o elige una imagen JPEG, PNG o WebP.',
  uploadTooLarge:
    'Esta foto es demasiado grande. Haz una foto nueva o elige una imagen más pequeña.',
  uploadWrongType: 'Este tipo de archivo no se acepta. Elige una imagen JPEG, PNG o WebP.',
  uploadTooSmall:
    'Esta foto es demasiado pequeña. Haz una foto nueva o elige una imagen más grande.',
  unavailableTitle: 'Servicio no disponible',
  unavailableBody:
    'El servicio de verificación no está disponible en este momento. Inténtalo de nuevo en unos instantes.',
  rateLimited: (seconds) =>
    `Demasiadas solicitudes a la vez. Lo intentamos de nuevo en ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}…`,
  movedTitle: 'Continúa en otro dispositivo',
  movedBody:
    'Esta verificación se está completando en otro dispositivo. El resultado aparecerá aquí cuando termine.',
  sending: 'Enviando…',
  checking: {
    front: 'Comprobando el anverso…',
    back: 'Comprobando el reverso…',
    selfie: 'Comprobando tu selfi…',
  },
  retryTitle: 'Vamos a intentarlo otra vez',
  retriesLeft: (count) => (count === 1 ? 'Queda 1 intento' : `Quedan ${count} intentos`),
  processingTitle: 'Verificando tu identidad…',
  processingBody: 'Suele tardar unos segundos.',
  successTitle: 'Identidad verificada',
  successBody: 'Gracias. Tu identidad ha sido verificada.',
  failedTitle: 'No hemos podido verificar tu identidad',
  failedBody:
    'No se pudo completar la verificación. Contacta con la empresa que te envió el enlace.',
  expiredTitle: 'Este enlace ha caducado',
  expiredBody: 'Pide un nuevo enlace de verificación a la empresa que te lo envió.',
  usedTitle: 'Este enlace ya se ha usado',
  usedBody: 'Cada enlace funciona una vez. Pide uno nuevo si necesitas verificarte otra vez.',
  inactiveTitle: 'Este enlace ya no está activo',
  cancelledTitle: 'Verificación cancelada',
  cancelledBody: 'Puedes cerrar esta página.',
  redirecting: 'Volviendo…',
  networkErrorTitle: 'Problema de conexión',
  networkErrorBody:
    'No pudimos contactar con el servicio de verificación. Comprueba tu conexión y vuelve a intentarlo.',
  missingLink: 'No se indicó ningún enlace de verificación.',
};
