import type { Translation } from './translation.js';

/** Français. */
export const fr: Translation = {
  $code: 'fr',
  $name: 'Français',
  loading: 'Préparation de votre vérification…',
  cancel: 'Annuler la vérification',
  continue: 'Continuer',
  tryAgain: 'Réessayer',
  start: 'Commencer',
  progress: (current, total) => `Étape ${current} sur ${total}`,
  logoAlt: (company) => `Logo de ${company}`,
  welcomeTitle: (company) => `${company} souhaite vérifier votre identité`,
  welcomeBody: 'Cela prend environ deux minutes. Préparez votre pièce d’identité.',
  welcomeBodyFace: 'Bon retour. Cela prend moins d’une minute : un simple selfie.',
  welcomeNeedDocument: 'Des photos du recto et du verso de votre pièce d’identité',
  welcomeNeedPassport: 'Une photo de la page d’identité de votre passeport',
  welcomeNeedAnyDocument:
    'Des photos de votre carte d’identité (recto et verso) ou de la page d’identité de votre passeport',
  welcomeNeedSelfie: 'Un court selfie pour comparer votre visage',
  welcomeNeedLocation: 'Votre position',
  termsLabel:
    'J’accepte les conditions générales et le traitement des images de ma pièce d’identité et de mon visage pour vérifier mon identité.',
  termsRequired: 'Veuillez accepter les conditions pour continuer.',
  locationTitle: 'Partagez votre position',
  locationBodyOptional: (company) =>
    `${company} utilise votre position pour confirmer qu’il s’agit bien de vous. Vous pouvez passer cette étape.`,
  locationBodyRequired: (company) =>
    `${company} a besoin de votre position pour vérifier votre identité.`,
  locationAllow: 'Partager ma position',
  locationSkip: 'Passer',
  locationLocating: 'Recherche de votre position…',
  locationDeniedRequired:
    'L’accès à la position est bloqué. Autorisez-le pour ce site dans les réglages du navigateur, puis réessayez.',
  locationDeniedRequiredApp:
    'L’accès à la position est bloqué. Autorisez-le pour cette application dans les réglages de l’appareil, puis réessayez.',
  locationUnavailableRequired:
    'Votre position est introuvable. Vérifiez que les services de localisation sont activés, puis réessayez.',
  gatedTitle: 'Veuillez utiliser un autre appareil',
  gatedReasons: {
    os_outdated: 'Le système de cet appareil est trop ancien pour une vérification sécurisée.',
    unsupported_platform: 'Ce type d’appareil n’est pas pris en charge pour cette vérification.',
    unsupported_form_factor: 'Cette vérification doit se faire sur un autre type d’appareil.',
    camera_unsuitable: 'L’appareil photo de cet appareil ne convient pas à cette vérification.',
  },
  handoffTitle: 'Continuez sur votre téléphone',
  handoffBody:
    'Scannez le code avec l’appareil photo de votre téléphone. Les téléphones photographient mieux les documents.',
  handoffRequiredBody:
    'Cette vérification doit se faire sur un téléphone. Scannez le code avec l’appareil photo de votre téléphone.',
  handoffContinueHere: 'Continuer sur cet appareil',
  handoffWaiting: 'En attente de votre téléphone… Gardez cette page ouverte.',
  handoffExpired: 'Le code a expiré.',
  handoffNewCode: 'Afficher un nouveau code',
  handoffLinkLabel: 'Ou ouvrez ce lien sur votre téléphone :',
  handoffOtherDevice: 'Continuer sur un autre appareil',
  qrAlt: 'QR code pour continuer la vérification sur votre téléphone',
  copyLink: 'Copier le lien',
  linkCopied: 'Lien copié',
  identifyTitle: 'Confirmez votre adresse e-mail',
  identifyBody: 'Elle nous sert à vous reconnaître et à raccourcir votre vérification.',
  emailLabel: 'Adresse e-mail',
  emailInvalid: 'Saisissez une adresse e-mail valide.',
  documentChoiceTitle: 'Quel document allez-vous utiliser ?',
  documentChoiceBody: 'Choisissez le document que vous avez avec vous.',
  documentChoices: {
    ID_CARD: {
      label: 'Carte d’identité',
      hint: 'Carte d’identité ou titre de séjour : recto et verso',
    },
    PASSPORT: { label: 'Passeport', hint: 'La page avec votre photo' },
  },
  passportCapture: {
    title: 'La page photo de votre passeport',
    instructions:
      'Ouvrez votre passeport à la page de la photo et placez toute la page dans le cadre.',
    checking: 'Vérification de votre passeport…',
  },
  captureTitles: {
    front: 'Recto de votre pièce',
    back: 'Verso de votre pièce',
    selfie: 'Prenez un selfie',
  },
  captureInstructions: {
    front: 'Placez le recto de votre pièce d’identité dans le cadre.',
    back: 'Retournez votre pièce et placez le verso dans le cadre.',
    selfie: 'Gardez votre visage dans l’ovale et suivez les instructions.',
  },
  startingCamera: 'Démarrage de la caméra…',
  documentCoach: {
    'no-document': 'Placez votre pièce dans le cadre',
    'too-far': 'Rapprochez-vous',
    'too-close': 'Éloignez-vous un peu',
    'too-dark': 'Trop sombre : cherchez plus de lumière',
    'too-bright': 'Trop lumineux : évitez la lumière directe',
    glare: 'Reflets : inclinez légèrement la pièce',
    blurry: 'Ne bougez plus',
  },
  holdStill: 'Ne bougez plus…',
  documentGood: 'Parfait, restez ainsi',
  faceCoach: {
    'no-face': 'Placez votre visage dans l’ovale',
    'multiple-faces': 'Un seul visage, s’il vous plaît',
    'too-far': 'Rapprochez-vous',
    'too-close': 'Éloignez-vous un peu',
    'off-center': 'Centrez votre visage dans l’ovale',
    turned: 'Regardez droit vers la caméra',
  },
  faceHint: {
    'no-face':
      'Aucun visage trouvé pour l’instant : regardez la caméra à hauteur des yeux, bien éclairé',
    'multiple-faces': 'Plus d’un visage est visible : assurez-vous d’être seul dans l’image',
    'too-far': 'Votre visage est trop loin : rapprochez le téléphone',
    'too-close': 'Votre visage est trop près : éloignez un peu le téléphone',
    'off-center': 'Votre visage est sur le côté : placez-le dans l’ovale',
    turned: 'Votre tête est tournée : regardez droit vers la caméra',
  },
  challengeTurnLeft: 'Tournez maintenant lentement la tête vers la gauche',
  challengeTurnRight: 'Tournez maintenant lentement la tête vers la droite',
  challengeBlink: 'Clignez maintenant des yeux deux fois',
  challengeDone: 'Parfait, c’est fait',
  preparingFaceCheck: 'Préparation du contrôle du visage…',
  captureButton: 'Prendre la photo',
  reviewTitle: 'Vérifiez votre photo',
  reviewBody: 'Vérifiez que toute la pièce est visible, que le texte est net et sans reflets.',
  reviewSelfieBody: 'Vérifiez que votre visage est bien visible.',
  usePhoto: 'Utiliser cette photo',
  retake: 'Reprendre',
  uploadInstead: 'Importer une photo',
  uploadPhoto: 'Choisir une photo',
  cameraDeniedTitle: 'L’accès à la caméra est bloqué',
  cameraDeniedBody:
    'Autorisez l’accès à la caméra pour ce site dans les réglages du navigateur, puis réessayez.',
  cameraDeniedBodyApp:
    'Autorisez l’accès à la caméra pour cette application dans les réglages de l’appareil, puis réessayez.',
  openSettings: 'Ouvrir les réglages',
  cameraUnavailableTitle: 'Aucune caméra disponible',
  cameraUnavailableBody: 'Impossible de démarrer une caméra sur cet appareil.',
  faceCheckUnavailableTitle: 'La vérification du visage ne peut pas se faire ici',
  faceCheckUnavailableBody:
    'Le selfie demande une vérification du visage en direct, que cet appareil ne peut pas faire. Réessayez, ou continuez sur un autre téléphone.',
  unsupportedBrowserTitle: 'Ce navigateur ne peut pas utiliser la caméra',
  unsupportedBrowserBody:
    'Ouvrez cette page dans un navigateur à jour comme Chrome, Safari, Firefox ou Edge.',
  inAppBrowserBody:
    'Cette application n’autorise pas la caméra. Ouvrez la page dans votre navigateur (Safari ou Chrome).',
  uploadFailed: 'La photo n’a pas pu être envoyée. Veuillez réessayer.',
  uploadUnreadable:
    'Cette photo n’a pas pu être lue. Prenez une nouvelle photo ou choisissez une image JPEG, PNG ou WebP.',
  uploadTooLarge:
    'Cette photo est trop volumineuse. Prenez une nouvelle photo ou choisissez une image plus petite.',
  uploadWrongType: 'Ce type de fichier n’est pas accepté. Choisissez une image JPEG, PNG ou WebP.',
  uploadTooSmall:
    'Cette photo est trop petite. Prenez une nouvelle photo ou choisissez une image plus grande.',
  unavailableTitle: 'Service indisponible',
  unavailableBody:
    'Le service de vérification est momentanément indisponible. Veuillez réessayer dans un instant.',
  rateLimited: (seconds) =>
    `Trop de demandes à la fois. Nouvel essai dans ${seconds} ${seconds === 1 ? 'seconde' : 'secondes'}…`,
  movedTitle: 'Poursuivie sur un autre appareil',
  movedBody:
    'Cette vérification se poursuit sur un autre appareil. Le résultat s’affichera ici une fois terminée.',
  sending: 'Envoi…',
  checking: {
    front: 'Vérification du recto…',
    back: 'Vérification du verso…',
    selfie: 'Vérification de votre selfie…',
  },
  retryTitle: 'Essayons encore une fois',
  retriesLeft: (count) => (count === 1 ? '1 essai restant' : `${count} essais restants`),
  processingTitle: 'Vérification de votre identité…',
  processingBody: 'Cela prend généralement quelques secondes.',
  successTitle: 'Identité vérifiée',
  successBody: 'Merci. Votre identité a été vérifiée.',
  failedTitle: 'Nous n’avons pas pu vérifier votre identité',
  failedBody:
    'La vérification n’a pas pu aboutir. Contactez l’entreprise qui vous a envoyé le lien.',
  expiredTitle: 'Ce lien a expiré',
  expiredBody: 'Demandez un nouveau lien de vérification à l’entreprise qui vous l’a envoyé.',
  usedTitle: 'Ce lien a déjà été utilisé',
  usedBody: 'Chaque lien ne fonctionne qu’une fois. Demandez-en un nouveau si nécessaire.',
  inactiveTitle: 'Ce lien n’est plus actif',
  cancelledTitle: 'Vérification annulée',
  cancelledBody: 'Vous pouvez fermer cette page.',
  redirecting: 'Retour en cours…',
  networkErrorTitle: 'Problème de connexion',
  networkErrorBody:
    'Impossible de joindre le service de vérification. Vérifiez votre connexion et réessayez.',
  missingLink: 'Aucun lien de vérification n’a été fourni.',
};
