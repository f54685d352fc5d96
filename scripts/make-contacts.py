#!/usr/bin/env python3
"""Writes Examples/contacts.csv: a few hundred made-up contacts in four locales.

Deterministic (fixed seed), Python standard library only. Each row is displayed the
way an app in the row's `lang` would show it: dates, times, phone numbers and balances
in that locale's notation (balance in the locale's number notation, currency beside it).
Notes hold commas, quotes and line breaks, so that the file exercises CSV quoting.
Run: python3 scripts/make-contacts.py > Examples/contacts.csv
"""
import csv
import random
import sys

random.seed(20261121)

PEOPLE = {
    "fr": (["Jean", "Marie", "Camille", "Luc", "Élodie", "François", "Inès", "Théo"],
           ["Martin", "Bernard", "Dubois", "Lefèvre", "Moreau", "Fournier", "Girard", "Roux"]),
    "en-US": (["James", "Mary", "Olivia", "Ethan", "Ava", "Noah", "Emma", "Liam"],
              ["Smith", "Johnson", "Brown", "Davis", "Miller", "Wilson", "Clark", "O'Neil"]),
    "de-DE": (["Lukas", "Anna", "Jürgen", "Sophie", "Maximilian", "Lea", "Felix", "Hanna"],
              ["Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Becker", "Hoffmann", "Groß"]),
    "es-ES": (["Lucía", "Hugo", "Martina", "Pablo", "Sofía", "Álvaro", "Carmen", "Mateo"],
              ["García", "Fernández", "López", "Martínez", "Sánchez", "Pérez", "Gómez", "Muñoz"]),
}

NOTES = {
    "fr": ["Rappeler avant 18h, demander le code \"VIP\"", "Client fidèle depuis 2015",
           "Adresse : 3 av. Foch, 75116 Paris", "Préfère être appelé le matin\nNe pas appeler le week-end", ""],
    "en-US": ["Call back after 5 PM, ask for \"Sam\"", "Prefers email", "Moved to 221B Baker St., apt. 4",
              "Gate code 1234\nLeave parcels with the neighbor", ""],
    "de-DE": ["Rückruf bis 18 Uhr, Stichwort \"Sommer\"", "Kunde seit 2012", "Lieferung an Hauptstr. 5, 10115 Berlin",
              "Bitte nur vormittags anrufen\nKein Anruf am Wochenende", ""],
    "es-ES": ["Llamar antes de las 18:00, preguntar por \"Ana\"", "Cliente desde 2018",
              "Dirección: C/ Mayor, 12, 28013 Madrid", "Prefiere WhatsApp\nNo llamar los domingos", ""],
}


def group(value, separator):
    """Groups of three digits from the right."""
    digits = str(value)
    parts = []
    while len(digits) > 3:
        parts.insert(0, digits[-3:])
        digits = digits[:-3]
    parts.insert(0, digits)
    return separator.join(parts)


def balance(lang, cents):
    sign = "-" if cents < 0 else ""
    whole, frac = divmod(abs(cents), 100)
    if lang == "en-US":
        return f"{sign}{group(whole, ',')}.{frac:02d}"
    if lang == "de-DE":
        return f"{sign}{group(whole, '.')},{frac:02d}"
    if lang == "es-ES":  # Spanish groups only from five digits on
        return f"{sign}{group(whole, '.') if whole >= 10000 else whole},{frac:02d}"
    return f"{sign}{group(whole, ' ')},{frac:02d}"


# Numbers libphonenumber accepts: metropolitan French mobiles (0690-0699 belong to the
# overseas departments), assigned US area codes, and any country written in
# international form when it is not the row's own.
US_AREA_CODES = [201, 212, 305, 312, 404, 415, 503, 617, 619, 646, 702, 713, 818, 917]


def french_mobile_pair():
    return random.choice([n for n in range(10, 90) if n != 39])


def phone(lang):
    r = random.randint
    kind = random.random()
    if lang == "fr":
        return random.choice([f"06 {french_mobile_pair()} {r(10, 99)} {r(10, 99)} {r(10, 99)}",
                              f"+33 1 {r(10, 99)} {r(10, 99)} {r(10, 99)} {r(10, 99)}"])
    if kind < 0.1:
        return f"+33 6 {french_mobile_pair()} {r(10, 99)} {r(10, 99)} {r(10, 99)}"
    if lang == "en-US":
        return random.choice([f"({random.choice(US_AREA_CODES)}) 555-{r(1000, 1999)}",
                              f"+1 {random.choice(US_AREA_CODES)}-555-{r(1000, 1999)}",
                              f"+44 20 7946 {r(1000, 1999):04d}"])
    if lang == "de-DE":
        return random.choice([f"030 {r(100000, 999999)}", f"01512 {r(1000000, 9999999)}", f"+49 89 {r(1000000, 9999999)}"])
    return random.choice([f"6{r(10, 99)} {r(10, 99)} {r(10, 99)} {r(10, 99)}", f"+34 91 {r(100, 999)} {r(10, 99)} {r(10, 99)}"])


def date(lang, year, month, day):
    if lang == "en-US":
        return f"{month}/{day}/{year}"
    if lang == "de-DE":
        return f"{day:02d}.{month:02d}.{year}"
    return f"{day:02d}/{month:02d}/{year}"


def time(lang, hour, minute):
    if lang == "en-US":
        return f"{(hour - 1) % 12 + 1}:{minute:02d} {'AM' if hour < 12 else 'PM'}"
    return f"{hour:02d}:{minute:02d}"


writer = csv.writer(sys.stdout, lineterminator="\n")
writer.writerow(["id", "name", "lang", "birthday", "appointment", "phone", "balance", "currency", "order number", "note"])
languages = list(PEOPLE)
for index in range(1, 301):
    lang = languages[index % 4] if random.random() < 0.9 else random.choice(languages)
    first, last = PEOPLE[lang]
    name = f"{random.choice(last)}, {random.choice(first)}" if random.random() < 0.3 else f"{random.choice(first)} {random.choice(last)}"
    birthday = date(lang, random.randint(1940, 2006), random.randint(1, 12), random.randint(1, 28))
    appointment = f"{date(lang, 2026, random.randint(1, 12), random.randint(1, 28))} {time(lang, random.randint(8, 18), random.choice([0, 15, 30, 45]))}"
    cents = random.choice([random.randint(-50000, 0), random.randint(0, 500000), random.randint(0, 250000000)])
    currency = "USD" if lang == "en-US" or random.random() < 0.15 else "EUR"
    order = f"{random.randint(2019, 2026)}-{random.randint(0, 999999):06d}"
    writer.writerow([index, name, lang, birthday, appointment, phone(lang), balance(lang, cents), currency, order,
                     random.choice(NOTES[lang])])
