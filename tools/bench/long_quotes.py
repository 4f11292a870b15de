#!/usr/bin/env python3
"""Two long documents of long quotes that share one vocabulary: the worst case for linking.

    tools/bench/long_quotes.py OUT_DIR [--bytes 900000] [--seed 30] [--min-sentences 8]
        [--max-sentences 30] [--repeated 0.3] [--short 0.2]

Writes OUT_DIR/A.txt and OUT_DIR/B.txt, each about --bytes long: paragraphs of direct quotes of
8-30 sentences (1.5-4 KB), each attributed to one of a few speakers both documents quote (by name
or by a pronoun), every sentence drawn from the same ~300 content words; a share of them are the
speaker's talking points said again (--repeated) or short slogans on six words (--short). So the
two documents look like one story, every quote shares words and sentences with hundreds of
others, and a linker that compares candidates without a bound does quadratic work. A tenth of
B's quotes are copies of A's (a few words changed): the links that must still be made.
Deterministic for a seed. Measured with
    /usr/bin/time -v build/quoth extract --format json OUT_DIR/A.txt OUT_DIR/B.txt > /dev/null
"""
import argparse
import os
import random

# Content words: common enough that every sentence shares some with every other.
NOUNS = """government council budget school hospital road bridge harbour ferry island village city
river forest farm market price tax wage worker teacher nurse doctor police court law plan report
study survey election vote party minister mayor leader member committee board company bank office
factory train station airport ticket bus car bicycle street house flat rent family child parent
student university library museum theatre church park garden field summer winter spring autumn
morning evening week month year decade future past history problem question answer decision
promise agreement contract deal project programme service system network energy power water
electricity heating fuel oil gas coal wind sun storm rain snow flood fire safety health care
money fund grant loan debt cost saving income pension job work business shop restaurant food
bread milk fish meat coffee tea weather climate environment nature animal bird tree flower
ship boat crew captain port coast sea beach mountain valley hill lake border country region
town district neighbour community citizen voter resident visitor tourist guest friend colleague""".split()
VERBS = """build close open cut raise lower spend save pay borrow lend hire train teach help protect
repair replace improve change keep lose win expect hope fear believe promise decide plan
support oppose criticise welcome reject accept delay start finish continue stop increase reduce
measure count share need want offer provide deliver serve visit travel move stay return""".split()
ADJECTIVES = """new old large small long short cheap expensive fair unfair safe dangerous clear honest
difficult easy important serious local national public private modern simple strong weak
quick slow careful ready certain possible necessary open closed free full empty better worse""".split()
FUNCTION = """the a this that our their every some many more most no our""".split()
SPEAKERS = ["Katrin Voss", "Jonas Berger", "Anna Petersen", "Henrik Dahl", "Maria Lund",
            "Tomas Ekberg", "Sara Holm", "Peter Frost", "Lena Mark", "Oskar Brandt"]
CORE_NOUNS = ["harbour", "ferry", "bridge", "tax", "budget", "school"]
CORE_VERBS = ["protect", "build", "cut", "save", "fund"]
TALKING_POINTS = {}  # speaker -> the sentences they repeat (made from the seed)
VERBS_SAID = ["said", "told reporters", "added", "explained", "argued"]


def sentence(rng):
    words = []
    for _ in range(rng.randint(3, 6)):
        words += [rng.choice(FUNCTION), rng.choice(ADJECTIVES), rng.choice(NOUNS), "will", rng.choice(VERBS)]
    words += [rng.choice(FUNCTION), rng.choice(NOUNS)]
    text = " ".join(words)
    return text[0].upper() + text[1:] + rng.choice([".", ".", ".", "!", "?"])


def short_sentence(rng):
    # "We must cut the tax!": two words of the few every speaker keeps coming back to.
    return f"We must {rng.choice(CORE_VERBS)} the {rng.choice(CORE_NOUNS)}{rng.choice(['!', '.'])}"


def quote_sentences(rng, speaker, options):
    # A speaker comes back to their talking points (some sentences are theirs, said again) and
    # to a few short slogans on the words of the debate.
    points = TALKING_POINTS[speaker]
    out = []
    for _ in range(rng.randint(options.min_sentences, options.max_sentences)):
        r = rng.random()
        out.append(rng.choice(points) if r < options.repeated else
                   short_sentence(rng) if r < options.repeated + options.short else sentence(rng))
    return out


def paragraph(sentences, speaker, rng):
    body = " ".join(sentences)
    # The tag after the quote: "…," said Name. (a final full stop becomes the comma); half the
    # time a pronoun, as a transcript's follow-on answers are (a speaker found that way never
    # keeps two quotes apart).
    if body.endswith("."):
        body = body[:-1] + ","
    tag = speaker if rng.random() < 0.5 else rng.choice(["he", "she"])
    return f'"{body}" {tag} {rng.choice(VERBS_SAID)}.'


def document(rng, options, title, shared=None, copies=None):
    size = options.bytes
    paragraphs = [title, ""]
    written = len(title) + 2
    while written < size:
        speaker = rng.choice(SPEAKERS)
        if shared and rng.random() < 0.1:
            speaker, sentences = rng.choice(shared)
            sentences = list(sentences)
            # Another outlet's copy: one word changed in a few sentences.
            for i in rng.sample(range(len(sentences)), min(3, len(sentences))):
                words = sentences[i].split()
                words[rng.randrange(1, len(words) - 1)] = rng.choice(NOUNS)
                sentences[i] = " ".join(words)
        else:
            sentences = quote_sentences(rng, speaker, options)
        if copies is not None:
            copies.append((speaker, sentences))
        p = paragraph(sentences, speaker, rng)
        paragraphs += [p, ""]
        written += len(p) + 2
    return "\n".join(paragraphs) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir")
    parser.add_argument("--bytes", type=int, default=900_000)
    parser.add_argument("--seed", type=int, default=30)
    parser.add_argument("--min-sentences", type=int, default=8)
    parser.add_argument("--max-sentences", type=int, default=30)
    parser.add_argument("--repeated", type=float, default=0.3, help="share of sentences that are talking points")
    parser.add_argument("--short", type=float, default=0.2, help="share of sentences that are short slogans")
    args = parser.parse_args()
    os.makedirs(args.out_dir, exist_ok=True)
    rng = random.Random(args.seed)
    for speaker in SPEAKERS:
        TALKING_POINTS[speaker] = [sentence(rng) for _ in range(30)]
    quotes_of_a = []
    a = document(rng, args, "Council hearing on the harbour plan", copies=quotes_of_a)
    b = document(rng, args, "The harbour plan: what the speakers said", shared=quotes_of_a)
    for name, text in (("A.txt", a), ("B.txt", b)):
        with open(os.path.join(args.out_dir, name), "w", encoding="utf-8") as f:
            f.write(text)


if __name__ == "__main__":
    main()
