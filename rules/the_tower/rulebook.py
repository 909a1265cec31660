"""The rulebook registry of The Tower: every sentence of seed 002 and what the code does of it."""

from __future__ import annotations

from rules.core.rulebook import Rulebook, Section, Sentence, Status
from rules.the_tower.variants import Rules

SEED = "002_a9296fe92b3d9afa.txt"
ENGINE = "rules.the_tower.engine"
MODEL = "rules.the_tower.model"
CARDS = "rules.the_tower.cards"
VARIANTS = "rules.the_tower.variants"
EXAMPLES = "rules.the_tower.examples"


def _s(rule: str, quote: str, status: Status, where: str = "", note: str = "") -> Sentence:
    return Sentence(rule=rule, source=SEED, quote=quote, status=status, where=where, note=note)


GAME = Section(
    "The game",
    (
        _s(
            "deck",
            "“*The Tower*” is a Rogue-Like type 52 Playing Card Game.",
            "implemented",
            f"{CARDS}, {MODEL}",
            "One standard deck: every position places each of the 52 cards exactly once.",
        ),
        _s("intro", "Enter the tower and slay the undead creatures occupying the place.", "no rule"),
        _s("intro", "Choose your actions, get attacks, heal, explore...", "no rule"),
        _s("intro", "Choose your attacks wisely, climb, vanquish or die and start over again.", "no rule"),
    ),
)

SETUP = Section(
    "Setting up",
    (
        _s(
            "setup.decks",
            "Start the game by sorting cards into these three decks and shuffle them",
            "implemented",
            ENGINE,
            "A shuffled deck is stored as a sorted multiset; every draw is a chance step, each card of the "
            "deck equally likely.",
        ),
        _s(
            "setup.attack deck",
            "One deck of every numbered card except the heart ones Attack Deck",
            "implemented",
            CARDS,
            "Numbered cards are 2 to 10: 27 attack cards of Clubs, Diamonds and Spades. Aces are not "
            "numbered here: the monster table lists the Ace, so aces are rooms.",
        ),
        _s(
            "setup.potion deck",
            "Another deck with only heart numbered cards Potion Deck",
            "implemented",
            CARDS,
            "The 2 to 10 of Hearts: 9 potions.",
        ),
        _s(
            "setup.room deck",
            "A last deck with every face card Room Deck",
            "implemented",
            CARDS,
            "Jacks, Queens and Kings of all four suits, hearts included, and the four Aces (see the "
            "monster table): 16 rooms, so exactly 4 floors of 4.",
        ),
        _s(
            "setup.draw",
            "Draw 5 attack cards, 1 potion card and note on paper your 6 starting HP.",
            "implemented",
            f"{ENGINE}, {VARIANTS}",
            "The potion goes to the hand like the attack cards. The picture of the table prints 14 HP: "
            "`starting_hp` is 6 by default, 14 as a variant.",
        ),
        _s(
            "setup.board",
            "THE TOWER Potion Waste Potion Deck Attack Waste Attack Deck Current Floor Room Waste Room Deck "
            "PLAYER'S HP : 14 Player's hand",
            "implemented",
            MODEL,
            "The picture of the table: each pile is a field of the position. It prints 14 HP where the "
            "text says 6 (variant `starting_hp`).",
        ),
    ),
)

FLOORS = Section(
    "Floors",
    (
        _s(
            "floor.deal",
            "Draw 4 room cards and put them flipped down on the table this way:",
            "implemented",
            f"{ENGINE}, {MODEL}",
            "A face-down room is not a known card: it is any room card not yet seen, each equally likely, "
            "and turning it face up is a chance step over those cards (`unseen_rooms` holds the room deck "
            "and the face-down rooms together).",
        ),
        _s(
            "floor.next",
            "When you cleared a floor, draw another 4 cards facing down and use your remaining action "
            "points from your previous fight.",
            "implemented",
            ENGINE,
            "Unspent action points carry over, between fights and from floor to floor.",
        ),
        _s(
            "floor.damage",
            "Every new floor after the first one, Add one to each monster damage value.",
            "implemented",
            VARIANTS,
            "Past floor 4 (only with fewer rooms a floor) the damage keeps growing; variant "
            "`damage_beyond_table='as_last_floor'` stops it at floor 4.",
        ),
        _s(
            "floor.damage",
            "Monster Floor 1 Damage Floor 2 Damage Floor 3 Damage Floor 4 Damage Ace 3 4 5 6 King 2 3 4 5 "
            "Queen 2 3 4 5 Jack 1 2 3 4",
            "implemented",
            VARIANTS,
        ),
    ),
)

ACTIONS = Section(
    "Action points",
    (
        _s(
            "turn.order",
            "You start the game with 4 action points (Explained below), Use them then choose a room and "
            "fight the creature inside.",
            "implemented",
            ENGINE,
            "Points are spent one at a time, then a room is chosen and fought; some may be kept (variant "
            "`spend_all_points_before_fight`). No point is spent during a fight (variant `fight_actions`: "
            "'when_stuck' or 'always'); the room is chosen after the points (variant `room_chosen`).",
        ),
        _s(
            "fight.choose room",
            "You can choose a room you didn't explore (still flipped down) or an explored room where you "
            "know which creature you'll face.",
            "implemented",
            ENGINE,
            "Fighting a face-down room turns it face up first (a chance step).",
        ),
        _s(
            "fight.reward",
            "If you successfully slayed your enemy, you gain a **number of action points** regarding the "
            "foe you killed.",
            "implemented",
            ENGINE,
            "The points of the monster table's last column.",
        ),
        _s(
            "actions.spend",
            "Use each point by choosing one action in the list below (*you can use multiple times the same "
            "action while you still have action points left*)",
            "implemented",
            ENGINE,
        ),
        _s(
            "actions.draw attack",
            "**Draw** an attack card.",
            "implemented",
            ENGINE,
            "Not from an empty deck (variant `empty_deck`), nor into a full hand (variant `hand_limit`, "
            "none by default).",
        ),
        _s("actions.draw potion", "**Draw** a potion card.", "implemented", ENGINE),
        _s(
            "actions.drink",
            "**Drink** a potion card : Add the value of the card to your HP (*you can go above your 6 starting HP*).",
            "implemented",
            ENGINE,
            "No cap by default (variant `hp_cap`).",
        ),
        _s(
            "actions.explore",
            "**Explore** a room on the table : choose one of the reversed room cards and flip it up to see "
            "what creature lies in there.",
            "implemented",
            ENGINE,
            "A chance step over the unseen room cards.",
        ),
    ),
)

FIGHT = Section(
    "Fights",
    (
        _s(
            "fight.monsters",
            "Monster Card Damage Dealt HP Actions points won after victory Ace 3 22 4 King 2 18 3 Queen 2 "
            "14 2 Jack 1 10 1",
            "implemented",
            VARIANTS,
            "Fields `ace`, `king`, `queen`, `jack`.",
        ),
        _s(
            "fight.hit",
            "To slay an enemy, you must use attack cards to lower its Hit-Points (HP) until it comes to 0.",
            "implemented",
            ENGINE,
            "One card a hit; a monster at 0 HP or below falls. A used card is put aside.",
        ),
        _s(
            "fight.potion",
            "You can choose to use a potion as an attack but you won't be able to drink it further on.",
            "implemented",
            ENGINE,
            "A potion is a red card for the colour rule.",
        ),
        _s("fight.suit", "You **cannot use the same suit** as the room card.", "implemented", ENGINE),
        _s(
            "fight.colour",
            "If both your attack and the room has the same colour, you deal the number of your card of "
            "damage to the creature HP.",
            "implemented",
            MODEL,
            "Clubs and Spades are black, Diamonds and Hearts red.",
        ),
        _s(
            "fight.double",
            "If it's the **opposite** colour, you deal **double damage**.",
            "implemented",
            MODEL,
        ),
        _s(
            "fight.suit",
            "Cannot use Clovers against Clovers",
            "implemented",
            EXAMPLES,
            "A picture: a Clubs card ('Clovers') against a Clubs room is refused. Read, with the two "
            "pictures after it, as one fight against the King of Clubs (example `pictured-fight`).",
        ),
        _s(
            "fight.retaliate",
            "Player deals 6 Damage and suffers 2",
            "implemented",
            EXAMPLES,
            "A picture, read as the 6 of Spades (same colour: 6) against the King of Clubs (18 HP), which "
            "still stands and strikes 2 on floor 1. A Queen (14 HP, 2) or a 3 of a red suit (doubled) "
            "would fit the words too.",
        ),
        _s(
            "fight.double",
            "Player deals 18 Damage without getting hit",
            "implemented",
            EXAMPLES,
            "A picture, read as the 9 of Diamonds (opposite colour: 2 x 9 = 18) against the King of Clubs: "
            "18 is exactly a King's HP, so it falls before it can strike.",
        ),
        _s(
            "fight.retaliate",
            "If the creature is still standing after you hit it, lower your own HP of the creature damage "
            "value (do not double in case of opposite colour for the monster damage).",
            "implemented",
            ENGINE,
            "The damage of the floor table.",
        ),
        _s(
            "fight.repeat",
            "Then repeat the assault until you or your enemy dies.",
            "implemented",
            ENGINE,
            "A fight cannot be left (variant `may_leave_fight`). When no card in hand can hit the monster "
            "and no point can be spent, the assault cannot go on and the monster strikes until the player "
            "falls (variant `stuck='flee'`: the player leaves the room instead).",
        ),
        _s(
            "waste",
            "When you used a card, or killed a foe put it aside the game, you cannot draw it back",
            "implemented",
            ENGINE,
            "Used attack cards, drunk or thrown potions and slain rooms go to their waste piles; an empty "
            "deck cannot be drawn from (variant `empty_deck='reshuffle'`).",
        ),
    ),
)

END = Section(
    "End of the game",
    (
        _s(
            "end.win",
            "If the floor deck is empty and every monster is dead, you won the game !",
            "implemented",
            ENGINE,
            "'The floor deck' is read as the room deck.",
        ),
        _s("end.lose", "If your die fighting an enemy, you lost the game.", "implemented", ENGINE),
        _s(
            "end.lose",
            "Start over the whole process and try again to destroy the wicked evil standing in the tower.",
            "no rule",
            "",
            "A new game is `engine.new_game()`.",
        ),
    ),
)

RULEBOOK = Rulebook(
    game="The Tower",
    sources=(SEED,),
    sections=(GAME, SETUP, FLOORS, ACTIONS, FIGHT, END),
    rules_config=Rules,
    notes=(
        "Card ids are a rank and a suit letter: `7S` is the 7 of Spades, `10D` the 10 of Diamonds, `KC` "
        "the King of Clubs (the rulebook's Clovers).",
        "Under `stuck='flee'` or `may_leave_fight` a fight nobody can go on with ends by leaving the room, "
        "so a face-up room that no card in hand can hit is not entered; a game can then also be lost when "
        "no room left can be fought and no point can be spent (the player is trapped).",
    ),
)
