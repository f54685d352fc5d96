import Testing
@testable import SpokenForm

/// The tagger's policies (Docs/tagger.md, "Policies"), each on French sentences of the kind
/// met in real documentation: code is never a span, single coined brand names stay in the base
/// voice, names made of English words are spans, acronyms stay French, English nouns after a
/// French determiner are spans, and a span does not swallow the French words at its edges.
@Suite struct TaggerPolicyTests {
    static let cases: [String] = [
        "Ouvrez le {en|dashboard} puis activez {en|ScreenTime} dans src/config/settings.json",
        "La librairie de SVG se trouve dans dist/artwork/pictograms.",
        "L’attribut aria-expanded est restitué différemment selon les lecteurs d’écran.",
        "Utilisez router.push('/home') puis lisez config.apiKey et user:session.",
        "La méthode getElementById renvoie un nœud, comme la variable huge_page_size.",
        "Cette requête produit un fichier results.csv délivré via une réponse en multipart/form-data.",
        "La classe AccessibilityNodeInfo décrit chaque nœud de la vue.",
        "Les applications Android reçoivent la mise à jour demain.",
        "Compilez le projet dans Xcode puis ouvrez-le dans Firefox.",
        "Activez {en|Find My} et {en|Voice Control} sur votre iPhone.",
        // A one-word name stays in the French voice even when it is an English word (React, Windows,
        // Chrome, Edge; VoiceOver and TalkBack by the French lexicon), and so does a lowercase term
        // written capitalised as a name ("l’API Popover"); nouns of controls are label cues.
        "Le composant utilise React et s’installe sous Windows, lu par VoiceOver ou TalkBack.",
        "Sous Chrome ou Edge, ouvrez la console du navigateur.",
        "L’API Popover affiche des {en|popovers} au-dessus de la page.",
        "Le bouton {en|Skip} permet de passer l’introduction et l’onglet {en|Settings} reste en anglais.",
        "Choisissez {en|Download} puis {en|Open in Files}.",
        // A CamelCase name joining a word and an acronym is an interface or module name: code.
        "L’interface SVGElement hérite de HTMLElement.",
        // One word in parentheses after its French name is the original term; a French aside is not.
        "Le navigateur passe par un serveur mandataire ({en|proxy}) situé entre lui et le serveur.",
        "Chaque image clé ({en|keyframe}) décrit une étape de l’animation.",
        "Le champ nom (obligatoire) doit être rempli.",
        "Lancez {en|FaceTime} ou {en|PowerPoint} depuis le Dock.",
        "Ouvrez un {en|commit} puis un {en|tooltip} et une {en|checkbox}.",
        "Le {en|backlog} est vide depuis lundi.",
        "La propriété outline ne doit pas être supprimée au focus.",
        "Le week-end, le parking de la gare est gratuit.",
        "Consultez la documentation de l’API et l’URL du service.",
        "Le message affiche « Incorrect, {en|try again} » en rouge.",
        "J’ai dans mon équipe des {en|product designers} [designers de produits] et des {en|user researchers}.",
        "Consultez le critère 3.1.2 {en|Language of Parts} pour les détails.",
        "Voir 2.4.7 {en|Focus Visible} et 3.3.2 {en|Labels or Instructions}.",
        "Le critère 1.3.1 {en|Info and Relationships} est essentiel.",
        "Consultez 2.3 Configuration du proxy avant de commencer.",
        // Rare French words spelled like English and better known to it are borrowed English.
        "Elle maîtrise le {en|storytelling} et suit des {en|metrics} chaque semaine.",
        // An acronym before the noun it qualifies is English word order.
        "L’équipe recrute des {en|UX writers} et un {en|VP engineering}.",
        "Le composant suit le motif {en|ARIA Accordion} du guide.",
        // After a determiner, even a noun French uses too, when English knows it better ("data");
        // not a noun or adjective French knows as well ("communication", "compatible").
        "Le rapport part au {en|VP data} chaque lundi.",
        "Le serveur renvoie un {en|GET resource} vide.",
        "Il faut un BTS communication pour ce poste, et un SLD compatible avec la norme.",
        // A bracketed phrase is judged as a whole; a word translated in square brackets is foreign.
        "Ce guide traite du design de contenus [{en|content design}] et de la recherche.",
        "Il présente les résultats au {en|board} [conseil d’administration] chaque trimestre.",
        // After "ou", "et" or a noun, a lowercase English word is a value, not a borrowed noun.
        "Le statut vaut success ou failure selon le traitement.",
        "Un horodatage finished apparaît en fin de traitement.",
        // A quoted word after a noun is a value; after a determiner, a borrowed noun.
        "Le remplissage de couleur “fill” ne doit pas être utilisé.",
        "Le lecteur restitue les valeurs des \"{en|sliders}\" sans délai.",
        // A span in a language other than English must be made of its words: "datastores" is not Italian.
        "Le service lit les entités des datastores via un point d’entrée unique.",
        // A phrase its author said is English, in brackets before "en anglais", is English, whatever
        // its words; the aside stops at a French word ("appelé", "ou", "pour") and at acronyms alone.
        "Le délai de grâce ({en|grace period} en anglais) commence après l’échec du paiement.",
        "Un jeton d’actualisation (aussi appelé {en|refresh token} en anglais) prolonge la session.",
        "Le rendu progressif (ou {en|progressive rendering} en anglais) affiche la page par morceaux.",
        "La règle (RGPD ou GDPR en anglais) s’applique aussi aux sous-traitants.",
        // After a link, "(en anglais)" alone gives the linked page's language, and one word French uses
        // as much is the French noun the cue describes: nothing is marked.
        "Lisez le guide de migration (en anglais) avant la mise à jour.",
        "Le tutoriel existe aussi sous forme de vidéo (version en anglais) sur le site.",
        "Consultez la référence (documentation en anglais) pour les options avancées.",
    ]

    @Test(arguments: cases) func french(_ line: String) throws {
        let tagger = try SpokenForm(locale: "fr-FR").languages
        let sentence = try #require(AnnotatedSentence(line))
        let rendered = AnnotatedSentence.render(sentence.text, TaggerFixtures.spans(tagger.tag(sentence.text)))
        #expect(rendered == line)
    }

    /// Template syntax cannot be written in the `{lang|words}` notation: checked on its own.
    @Test func templateSyntaxIsNotASpan() throws {
        let tagger = try SpokenForm(locale: "fr-FR").languages
        #expect(tagger.tag("La boucle {{#each items}} s’arrête quand l’option strict: true est active.").spans.isEmpty)
        #expect(tagger.tag("Le gabarit affiche {{user.displayName}} puis ${item.title} dans la page.").spans.isEmpty)
    }

    /// Latin locutions are adopted by every base language (Locales/und/lexicon.txt): without a Latin
    /// voice, the word model would hand them to Italian, Portuguese or Spanish.
    @Test(arguments: [
        ("fr-FR", "Nota bene : la réunion a lieu, grosso modo, à midi, et de facto sans lui."),
        ("fr-FR", "Il a fait son mea culpa, puis il a été déclaré persona non grata."),
        ("en-US", "Nota bene: the meeting is, grosso modo, at noon, and de facto without him."),
        ("de-DE", "Er hat sein mea culpa gesagt und ist de facto persona non grata."),
    ]) func latinLocutionsStayInTheBaseVoice(_ locale: String, _ sentence: String) throws {
        #expect(try SpokenForm(locale: locale).languages.tag(sentence).spans.isEmpty)
    }

    /// The usual foreign language is data (Locales/und/tagger.txt), not a constant in Swift.
    @Test func usualForeignLanguageIsLocaleData() throws {
        #expect(try LanguageTagger.usualForeignLanguage(base: SpokenLocale("fr-FR"), dataStore: .embedded) == "en")
    }
}
