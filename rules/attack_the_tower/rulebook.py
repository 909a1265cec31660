"""The Attack the Tower rulebook registry: every rule sentence of seeds 004, 000 and 001, and its fate.

Events and errors cite the `rule` ids below; `python -m rules.rulebooks` renders this registry (with the
army tables built from the card data) into docs/rules.md, so the documentation cannot drift from the code.
"""

from __future__ import annotations

from rules.attack_the_tower.armies import ARMY_IDS, army
from rules.attack_the_tower.cards import TROOP_TYPE_LABEL, AbilityCard, Army
from rules.attack_the_tower.variants import Rules
from rules.core.rulebook import Rulebook, Section, Sentence

MANUAL = "004_b630b22d9110621e.txt"
UNDEAD = "000_c09acff34c4da91d.txt"
BANDITS = "001_0b2dee82f21928f2.txt"

ENGINE = "rules.attack_the_tower.engine"
COMBAT = "rules.attack_the_tower.combat"
MODEL = "rules.attack_the_tower.model"
CARDS = "rules.attack_the_tower.cards"
ARMIES = "rules.attack_the_tower.armies"
VARIANTS = "rules.attack_the_tower.variants"
POLICIES = "rules.attack_the_tower.policies"


def _done(rule: str, source: str, quote: str, where: str, note: str = "") -> Sentence:
    """A sentence the code implements, in the module(s) `where` (comma-separated)."""
    return Sentence(rule=rule, source=source, quote=quote, status="implemented", where=where, note=note)


def _no_rule(rule: str, source: str, quote: str, note: str = "") -> Sentence:
    """A sentence that sets no rule (advice, flavour, printing or publisher text)."""
    return Sentence(rule=rule, source=source, quote=quote, status="no rule", note=note)


OVERVIEW = Section(
    "Overview",
    (
        _done(
            "overview",
            MANUAL,
            "Your object in Attack the Tower is to destroy the opponent's palace.",
            ENGINE,
            "The game ends when a palace is destroyed; its owner's opponent wins.",
        ),
        _done(
            "overview",
            MANUAL,
            "To do it you'll have to recruit troops and send them through one of his three territories.",
            f"{ENGINE}, {MODEL}",
            "Each player has three territories; a palace is attacked only through a territory.",
        ),
        _done(
            "overview",
            MANUAL,
            "Each territory is a path that leads to the Palace and on them your opponent may build bases "
            "to halt the advancement of your troops.",
            f"{MODEL}, {ENGINE}",
        ),
        _no_rule(
            "overview",
            MANUAL,
            "Building bases and carefully planning your attacks, as well as wisely using your army's "
            "unique abilities, will allow you to crush your opponent and conquer victory.",
            "Advice.",
        ),
    ),
)

SETTING_UP = Section(
    "Setting up",
    (
        _done(
            "setup",
            MANUAL,
            "Each player must have his own Army, composed of a deck with 25 Ability cards and 25 Base "
            "cards, 9 counters and a board.",
            f"{CARDS}, {ARMIES}",
            "An army's data file is refused unless its decks hold 25 base and 25 ability cards; the "
            "Bandits' ability deck is unknown, so it is not shipped and a Bandits player draws only bases. "
            "The counters are each base's troop count, not a separate limit.",
        ),
        _done("setup", MANUAL, "Separate Ability and Base cards.", MODEL, "Each player has two draw piles."),
        _done(
            "setup",
            MANUAL,
            "Shuffle them separately and place them on the board, in the spaces reserved for the Draw Piles.",
            f"{MODEL}, {ENGINE}",
            "A pile is kept as a multiset; each draw is a chance step whose outcomes have the exact "
            "probabilities of a shuffled pile.",
        ),
        _done(
            "setup",
            MANUAL,
            "Each player draws 5 cards form any of his Piles.",
            ENGINE,
            "Read as: the player chooses the pile for each card, one card at a time, seeing each card "
            "before choosing the next. Player 1 draws, keeps or burns and builds before player 2 starts.",
        ),
        _done(
            "setup.burn",
            MANUAL,
            "If you're not satisfied with your cards, you may burn them as many times as you want (which "
            "means discarding them and drawing 5 more).",
            ENGINE,
            "Burnt cards go to the discard piles of their kind.",
        ),
        _done(
            "variant.max_burns",
            MANUAL,
            "If you're not satisfied with your cards, you may burn them as many times as you want (which "
            "means discarding them and drawing 5 more).",
            ENGINE,
            "As written by default (`Rules.max_burns = None`); a number caps the burns, which bounds the "
            "length of simulated games (the game protocol's length bound needs it).",
        ),
        _done("setup.build", MANUAL, "Players may then build any Bases they've drawn.", ENGINE),
    ),
)

BUILDING = Section(
    "Building bases",
    (
        _done(
            "building",
            MANUAL,
            "Building a Base means placing them on one of the reserved slots on the board.",
            ENGINE,
        ),
        _done("building", MANUAL, "Each Territory has 3 slots.", MODEL),
        _done("building", MANUAL, "You may build a Base over one already on the board.", ENGINE),
        _done(
            "building",
            MANUAL,
            "In this case, the old Base is destroyed along with its Troops.",
            ENGINE,
            "The old base goes to the base discard pile.",
        ),
    ),
)

GAME_TURN = Section(
    "The game turn",
    (
        _done(
            "turn",
            MANUAL,
            "In Attack the Tower, players will alternate turns in which they may attack their opponent.",
            ENGINE,
            "Player 1 takes the first turn (the rulebooks do not say who starts).",
        ),
        _done(
            "turn",
            MANUAL,
            "The player to whom the turn belongs is called the attacking player.",
            f"{MODEL}, {ENGINE}",
        ),
        _done(
            "turn.1 renewal",
            MANUAL,
            "In the beginning of his turn, a player must decide whether or not to Renew the game.",
            ENGINE,
        ),
        _done(
            "turn.1 renewal",
            MANUAL,
            "A Renewal is a short period of truce in which new troops are recruited and new bases are built.",
            ENGINE,
            "No attack or ability can be played during a renewal.",
        ),
        _done("turn.1 renewal", MANUAL, "But Renewals apply to both players!", ENGINE),
        _done(
            "turn.1 renewal",
            MANUAL,
            "If a player calls for it, then both shall follow the Renewal Sequence, below.",
            ENGINE,
        ),
        _done(
            "turn.1 renewal",
            MANUAL,
            "But if a player decides not to Renew, he must inform the opponent of his decision.",
            ENGINE,
            "The decision is an event both players see.",
        ),
        _done(
            "turn.1 renewal",
            BANDITS,
            "DURING RENEWAL SEQUENCES, BOTH PLAYERS SHALL FOLLOW THESE INSTRUCTIONS.",
            ENGINE,
            "Also in 000; not in 004. Read as steps taken in turn: both players recruit (A); the attacking "
            "player draws and discards down to the limit, then the defending player does (B); the "
            "attacking player builds, then the defending player (C).",
        ),
        _done(
            "renewal.A recruit",
            MANUAL,
            "Recruit troops - each Base receives one new troop.",
            ENGINE,
        ),
        _done(
            "renewal.A recruit",
            MANUAL,
            "Use the counters to keep count of how many troops each Base has, but remember that they "
            "cannot hold more than two troops",
            f"{ENGINE}, {MODEL}",
            "A base with two troops receives none; a position with more is refused (`Rules.max_troops_per_base`).",
        ),
        _done(
            "renewal.B draw",
            MANUAL,
            "Draw two cards - the limit of cards you may hold is, initially, five.",
            ENGINE,
            "Each card from the pile the player chooses, as at setup (`Rules.renewal_draws`, `Rules.hand_limit`).",
        ),
        _done(
            "renewal.B draw",
            MANUAL,
            "If you draw any further, you'll have to discard to comply with the limit.",
            ENGINE,
            "The player chooses the cards to discard, right after drawing.",
        ),
        _done(
            "variant.empty_pile",
            MANUAL,
            "Draw two cards",
            ENGINE,
            "The rulebooks do not say what happens when a draw pile is empty: by default its discards are "
            "shuffled into a new pile; `Rules.empty_pile = 'cannot_draw'` forbids drawing from it instead.",
        ),
        _done(
            "renewal.C build",
            MANUAL,
            "Buid bases - this is the only moment during the turn you'll be able to do it, so use it.",
            ENGINE,
            "Bases are built only here and at setup.",
        ),
        _done(
            "turn.2 attacks",
            MANUAL,
            "The attacking player may declare attacks, as described in the Battles section, below.",
            ENGINE,
        ),
        _done(
            "turn.2 attacks",
            MANUAL,
            "He may declare several attacks in a given turn, if he has the troops for it",
            ENGINE,
        ),
        _done(
            "variant.attacks_per_territory",
            MANUAL,
            "He may declare several attacks in a given turn, if he has the troops for it",
            ENGINE,
            "Read as: each territory's troops attack once a turn (`Rules.attacks_per_territory_per_turn`, "
            "default 1; None lets a territory attack again).",
        ),
        _done(
            "turn.2 abilities",
            MANUAL,
            "In this second phase of the turn, players may also play abilities at will.",
            ENGINE,
            "Read as: the attacking player plays abilities at will between battles; the defending player "
            "plays them in each battle's ability window (battles step 2), not between battles. "
            "`Rules.main_phase_abilities='both'` lets the defending player play them between battles too: "
            "as the phase begins and after each battle, before the attacker decides again.",
        ),
        _done(
            "turn.2 end",
            MANUAL,
            "When he wishes, the attacking player may also end his turn, and his opponent then becomes the "
            "attacking player.",
            ENGINE,
        ),
    ),
)

BATTLES = Section(
    "Battles",
    (
        _done("battles", MANUAL, "In Attack the Tower, battles happen between two Territories.", ENGINE),
        _done(
            "battles",
            MANUAL,
            "All troops from the attacking territory will take part in the battle.",
            COMBAT,
            "The attacker cannot hold troops of the territory back; an attack needs at least one troop "
            "(or a special troop that joins).",
        ),
        _done(
            "battles",
            MANUAL,
            "From the defending territory, all of the troops and bases will take part in the battle.",
            COMBAT,
        ),
        _done("battles", MANUAL, "To resolve a battle, follow these steps.", ENGINE),
        _done(
            "battles.1 declare",
            MANUAL,
            "The attacking player must 'declare an attack', which means choosing from which of his "
            "territories the attack will come, and which of the opponent's territories is the target.",
            ENGINE,
            "Any of the three target territories may be chosen; a target with no troops and no bases "
            "leads straight to the palace (see 'Attacking the palace').",
        ),
        _done(
            "battles.2 abilities",
            MANUAL,
            "Both players may play as many abilities as they wish",
            ENGINE,
            "An ability window: the attacking player acts first; a player plays abilities until passing, "
            "and the window closes when both players pass in a row.",
        ),
        _done(
            "battles.combat",
            MANUAL,
            "Steps 3 and 4 are collectively referred to as combat (steps).",
            COMBAT,
            "The steps 'initiative' and 'regular', then the attacker's damage left for unmanned bases. "
            "Abilities played in step 2 apply from step 3 on.",
        ),
        _done(
            "battles.3 initiative",
            MANUAL,
            "Each player calculates his Initiative damage.",
            COMBAT,
        ),
        _done(
            "battles.3 initiative",
            MANUAL,
            "To do it he must add up the Power levels of all his troops with the Initiative Trait (check "
            "out 'Understanding troops and bases', below)",
            COMBAT,
            "A troop that has both initiative and artillery fires in regular combat instead, since "
            "initiative does not apply against bases and artillery hits only bases.",
        ),
        _done(
            "battles.3 initiative",
            MANUAL,
            "The players may distribute their initiative damage among the opponent's troops, destroying "
            "them if they receive as much damage as their Power.",
            f"{COMBAT}, {ENGINE}, {POLICIES}",
            "The distribution is a decision the engine asks each side for (a policy makes it when nobody "
            "does); both are revealed at once and applied together. A troop takes at most the damage "
            "that destroys it; a player may assign less than all of it.",
        ),
        _done(
            "battles.3 initiative",
            MANUAL,
            "Troops killed in this third step (Initiative) will not inflict damage during the fourth step "
            "(Regular combat).",
            COMBAT,
            "Initiative damage is simultaneous: a shooter killed in this step still deals its own initiative damage.",
        ),
        _done(
            "battles.3 leftover",
            BANDITS,
            "ANY LEFT OVER INITIATIVE DAMAGE ALSO ADDS TO REGULAR DAMAGE.",
            f"{COMBAT}, {ENGINE}",
            "004 is silent. Initiative damage a side does not distribute (by choice, or for want of "
            "targets) joins its regular damage (`Rules.leftover_initiative_adds_to_regular`, default "
            "True).",
        ),
        _done(
            "battles.3 leftover",
            UNDEAD,
            "ANY LEFT OVER INITIATIVE DAMAGE WILL ALSO ADD TO REGULAR DAMAGE.",
            f"{COMBAT}, {ENGINE}",
            "000 prints it after the attacking player's regular damage; 001 prints it in step 3, for each "
            "player. The engine applies it to both sides.",
        ),
        _done(
            "battles.4 regular",
            MANUAL,
            "The attacking player calculates his regular damage, which equals the combined power of all "
            "his troops (except, of course, his troops with the initiative trait that have already "
            "inflicted their due damage).",
            COMBAT,
            "Special troops that joined the attack count among his troops.",
        ),
        _done(
            "battles.4 regular",
            MANUAL,
            "The defending player's regular damage equals the combined power of all his troops (again, "
            "except for initiative troops which have already inflicted their due damage), plus the power "
            "of the bases on the territory (since the defending base are also 'in combat').",
            COMBAT,
        ),
        _done(
            "battles.4 regular",
            MANUAL,
            "Each player distributes his regular damage as he likes between opposing troops, killing "
            "them if the damage equals their own Power",
            f"{COMBAT}, {ENGINE}, {POLICIES}",
            "A decision the engine asks each side for, revealed and applied at once. A troop can take at "
            "most the damage that destroys it; damage the defender cannot place is lost.",
        ),
        _done(
            "battles.4 unmanned",
            MANUAL,
            "If the attacking player manages to destroy all troops on the target territory, he has made "
            "the basea on that territory 'unmanned'.",
            f"{COMBAT}, {ENGINE}",
        ),
        _done(
            "battles.4 unmanned",
            MANUAL,
            "He can then distribute any remaining damage to the bases, destroying them if they take as "
            "much damage as their Power (normally 4).",
            f"{COMBAT}, {ENGINE}",
            "Read as a further step once the troops have fallen: the attacker distributes the regular "
            "damage (artillery included) he did not assign to troops. Bases are not damaged before, "
            "except by artillery under the Westerners' Catapult ability.",
        ),
        _done(
            "battles.5 heal",
            MANUAL,
            "At the end of the battle, all surviving Troops and Bases heal completely.",
            ENGINE,
            "Destroyed troops leave their bases, destroyed bases go to the discard pile, then the rest heal.",
        ),
        _done(
            "battles.5 heal",
            MANUAL,
            "None of the damage they received will be considered in future battles.",
            f"{MODEL}, {ENGINE}",
            "Damage is held by the battle only.",
        ),
    ),
)

PALACE = Section(
    "Attacking the palace",
    (
        _done(
            "palace",
            MANUAL,
            "If the attacking Troops have destroyed all defending Troops and Bases, the survivors will "
            "then start another Battle, this time against the opponent's Palace.",
            ENGINE,
            "The survivors are the attacking territory's living troops and the special troops that "
            "joined. The palace is defended by the defender's special troops.",
        ),
        _done(
            "palace",
            MANUAL,
            "This attack will happen automatically - with no need of it being declared - and follows the "
            "steps 2 to 5 of the Battle sequence, above.",
            ENGINE,
        ),
        _done(
            "palace",
            MANUAL,
            "The player who manages to destroy the opponent's Palace wins the game.",
            ENGINE,
        ),
        _done(
            "palace.power",
            UNDEAD,
            "DAMAGE CAN ONLY BE ASSIGNED TO THE PALACE IF LINMANNED ITS POWER IS 10 AND IF IT IS "
            "DESTROYED, THE GAME ENDS.",
            f"{COMBAT}, {ENGINE}",
            "Printed on 000's palace card; 004 does not say that the palace, like a base, can be damaged "
            "only once no troop defends it. Special troops defend it; the palace itself fights too "
            "(see `variant.palace_deals_damage`).",
        ),
        _done(
            "variant.turn_limit",
            MANUAL,
            "The player who manages to destroy the opponent's Palace wins the game.",
            ENGINE,
            "Not a rulebook rule: simulated games may end in a draw after `Rules.turn_limit` turns "
            "(default None, no limit).",
        ),
    ),
)

TROOPS_AND_BASES = Section(
    "Understanding troops and bases",
    (
        _done(
            "troops.power",
            MANUAL,
            "Troops, Bases and Palaces possess a Power level that defines both how much damage they cause "
            "in combat and how much damage it is needed to destroy them.",
            COMBAT,
        ),
        _done(
            "variant.palace_deals_damage",
            MANUAL,
            "Troops, Bases and Palaces possess a Power level that defines both how much damage they cause "
            "in combat and how much damage it is needed to destroy them.",
            COMBAT,
            "Read as: a palace deals its power in regular combat, as a defending base does "
            "(`Rules.palace_deals_damage`, default True).",
        ),
        _done(
            "variant.minimum_toughness",
            MANUAL,
            "Troops, Bases and Palaces possess a Power level that defines both how much damage they cause "
            "in combat and how much damage it is needed to destroy them.",
            COMBAT,
            "The rulebooks are silent on a power lowered to 0 by an ability: such a troop deals nothing "
            "but still needs `Rules.minimum_toughness` damage (default 1) to be destroyed.",
        ),
        _done(
            "bases.power",
            MANUAL,
            "The Power of Troops varies but the all Bases have Power 4 and Palaces have Power 10.",
            VARIANTS,
            "`Rules.base_power`, `Rules.palace_power`.",
        ),
        _done("troops.types", MANUAL, "All Troops and Bases have Types.", CARDS),
        _done(
            "troops.types",
            MANUAL,
            "The Type of the Base is represented on its card and defines the Type of Troops it recruits.",
            CARDS,
        ),
        _done("troops.power", MANUAL, "light infantry have power 1", VARIANTS),
        _done(
            "troops.power",
            MANUAL,
            "shooters have power 1 and 'initiative' trait (or '1+')",
            f"{VARIANTS}, {CARDS}",
        ),
        _done("troops.power", MANUAL, "heavy infantry have power 2", VARIANTS),
        _done("troops.power", MANUAL, "cavalry have power 3", VARIANTS),
        _done(
            "troops.power",
            MANUAL,
            "siege weapons have poer 4 and 'artillery' trait (or 4-)",
            f"{VARIANTS}, {CARDS}",
        ),
    ),
)

TRAITS = Section(
    "Traits",
    (
        _done("traits", MANUAL, "Also, Troops may have additional 'Traits'. Possible Traits are:", CARDS),
        _done(
            "traits.initiative",
            MANUAL,
            "Initiative. Allows the Troop to inflict damage earlier in combat (see 'battles', above).",
            COMBAT,
        ),
        _done(
            "traits.initiative",
            MANUAL,
            "This trait does not apply against Bases.",
            COMBAT,
            "Initiative damage can be assigned to troops only (and special troops), never to bases or "
            "the palace; what is left joins regular damage (see 'battles.3 leftover').",
        ),
        _done(
            "traits.artillery",
            MANUAL,
            "Artillery. Damage caused by Troops with Artillery can only be assigned to Bases or Palaces - "
            "other Troops are immune to it.",
            COMBAT,
            "A defending siege weapon has no target: the attacker brings no base.",
        ),
        _done(
            "traits.artillery",
            MANUAL,
            "Since Bases can only be damage if 'unmanned' (if there are no defending Troops on the "
            "Territory), be careful when deploying Artillery.",
            COMBAT,
        ),
        _done(
            "traits.unique",
            MANUAL,
            "Unique. You can only have one Troop with this Trait on the field.",
            ENGINE,
            "No troop type has it: it applies to special troops, one per player. No known card has the trait; "
            "the test army `trait_test` (data/trait_test.json, never offered as a real army) carries it for the "
            "scenario tests.",
        ),
        _done(
            "traits.unique",
            MANUAL,
            "As a newer unique troop is recruited, an older one is destroyed.",
            ENGINE,
        ),
        _done(
            "traits.loyal",
            MANUAL,
            "Loyal. Applies only to Special Troops.",
            f"{CARDS}, {ENGINE}",
            "No known card has the trait; the test army `trait_test` carries it for the scenario tests.",
        ),
        _done(
            "traits.loyal",
            MANUAL,
            "This troops do not require a complete Territory with 3 Bases to maintain them.",
            f"{ENGINE}, {MODEL}",
        ),
    ),
)

ABILITIES = Section(
    "Abilities and special troops (000, 001)",
    (
        _done(
            "abilities",
            UNDEAD,
            "THROUGHOUT THE GAME PLAYER MAY PLAY ABILITY CARDS WHICH REFLECT THE CAPABILITIES OF EACH INDIVIDUAL ARMY.",
            ENGINE,
            "Also in 001. Read with 004 'The game turn' 2: abilities are played in the second phase of a "
            "turn and in battles' ability windows, not at setup or during a renewal.",
        ),
        _done(
            "abilities",
            UNDEAD,
            "ONCE PLAYED AN ABILITY REMAINS ON THE FIELD UNTIL THE TURN ENDS, AND IS THEN DISCARDED",
            ENGINE,
            "Its effects last for every battle of the turn.",
        ),
        _done(
            "abilities.types",
            UNDEAD,
            "AS WITH BASES, ABILITIES ALSO HAVE TYPES, AND AN ABILITY WITH THE SAME TYPE AS A TROOP OR "
            "BASE WILL TEND TO BENEFIT THOSE.",
            CARDS,
            "Each card's effect names the troops it applies to.",
        ),
        _done(
            "abilities.types",
            BANDITS,
            "THE SEVEN TYPES OF CARDS FROM LEFT TO RIGHT: LIGHT INFANTRY, SHOOTER, HEAVY INFANTRY, "
            "CAVALRY, SIEGE WEAPON, COMMON AND",
            CARDS,
            "The seventh type, 'SPECIAL', stands apart in 001's text and is missing in 000's.",
        ),
        _done(
            "abilities.types",
            UNDEAD,
            "COMMON ABILITIES, AS OPPOSED TO THOSE OF THE FIRST FIVE TYPES, WILL TEND TO BENEFIT THE "
            "WHOLE ARMY, AD NOT JUST TROOPS OF THE SAME PARTICULAR TYPE.",
            CARDS,
        ),
        _done(
            "abilities.special",
            BANDITS,
            "SPECIAL ABILITIES ARE DIFFERENT. THEY RECRUIT SPECIAL TROOPS ON THE PALACE, AND YOU USE THE "
            "VERY CARD AS THE COUNTER FOR THAT TROOP.",
            f"{ENGINE}, {MODEL}",
        ),
        _done(
            "abilities.special",
            BANDITS,
            "SPECIAL ABILITIES ARE NOT DISCARDED AT THE END OF THE TURN, BUT ONLY WHEN THE TROOP IT "
            "REPRESENTS IS DESTROYER",
            ENGINE,
            "'DESTROYER' is 001's misprint of 'DESTROYED' (000 garbles the sentence).",
        ),
        _done(
            "abilities.special",
            BANDITS,
            "SPECIAL TROOPS MAY BE USED IN COMBAT NORMALLY, EVEN FOR ATTACKING.",
            f"{ENGINE}, {COMBAT}",
            "Read as: they defend their palace, and the attacker may send any of them along with an "
            "attack from a territory.",
        ),
        _done(
            "variant.special_troops_join_attacks",
            BANDITS,
            "SPECIAL TROOPS MAY BE USED IN COMBAT NORMALLY, EVEN FOR ATTACKING.",
            ENGINE,
            "`Rules.special_troops_join_attacks` (default True): the attacker chooses, when declaring an "
            "attack, which special troops join it.",
        ),
        _done(
            "variant.special_troops_defend_territories",
            BANDITS,
            "SPECIAL TROOPS MAY BE USED IN COMBAT NORMALLY, EVEN FOR ATTACKING.",
            COMBAT,
            "`Rules.special_troops_defend_territories` (default False): by default special troops defend "
            "only the palace, where they are recruited; True makes them defend every attacked territory.",
        ),
        _done(
            "abilities.special",
            BANDITS,
            "THEY WILL ALSO USUALLY HAVE SPECIAL EFFECTS THAT REMAIN IN PLAY AS LONG AS THE TROOP IS ALIVE.",
            COMBAT,
            "A special troop killed in the initiative step lends no effect to regular combat.",
        ),
        _done(
            "abilities.special",
            BANDITS,
            "BUT SPECIAL TROOPS HAVE AN IMPORTANT LIMITATION: FOR EACH SPECIAL TROOP ON YOUR PALACE, "
            "YOU'LL HAVE TO CONTROL A COMPLETE TERRITORY WITH THREE BASES TO MAINTAIN IT.",
            f"{ENGINE}, {MODEL}",
        ),
        _done(
            "abilities.special",
            BANDITS,
            "IF YOU FAIL TO MEET THIS REQUISITE, THE SPECIAL TROOP IS IMMEDIATELY DESTROYED",
            ENGINE,
            "Checked whenever the count can change: when a special troop is recruited, after each "
            "battle, after a renewal's building and at the end of a turn. The newest special troops go "
            "first.",
        ),
        _done(
            "abilities.special",
            UNDEAD,
            "A SPECIAL ABILITY CARD IS NECESSARY TO RECRUIT ON THE PALACE.",
            ENGINE,
            "Printed on 000's palace card.",
        ),
        _done(
            "abilities.special",
            UNDEAD,
            "IT IS THEN USED AS A COUNTER INDICATING THE PRESENCE OF THE TROOP",
            MODEL,
        ),
    ),
)

CARD_TEXTS = Section(
    "Card texts (000)",
    (
        _done(
            "bases.power",
            UNDEAD,
            "A BASE CAN ONLY BE DAMAGED IF UNMANNED IT HAS POWER 4.",
            f"{COMBAT}, {VARIANTS}",
            "Printed on every Undead base card (also as 'HAMANNED' and 'HINMANNED').",
        ),
        _done("cards.bases", UNDEAD, "GRAVEYARD RECRUITS ZOMBIES", ARMIES, "`undead.graveyard`."),
        _done("cards.bases", UNDEAD, "CRYPT RECRUITS NECROMANCERS", ARMIES, "`undead.crypt`."),
        _done("cards.bases", UNDEAD, "MANSION RECRUITS VAMPIRES", ARMIES, "`undead.mansion`."),
        _done(
            "cards.bases",
            UNDEAD,
            "DESECRATED GROUNDS RECRUITS VRYKOLAKAS",
            ARMIES,
            "`undead.desecrated_grounds`.",
        ),
        _done("cards.bases", UNDEAD, "WORKSHOP RECRUITS CATAPULTS", ARMIES, "`undead.workshop`."),
        _done("troops.types", UNDEAD, "LIGHT INFANTRY DO NOT POSSESS SPECIAL TRAITS.", CARDS),
        _done(
            "traits.initiative",
            UNDEAD,
            "SHOOTERS' 'INITIATIVE' TRAIT ALLOWS THEM TO STRIKE FIRST IN BATTLE",
            COMBAT,
        ),
        _done("troops.types", UNDEAD, "HEAVY INFANTRY DO NOT POSSESS SPECIAL TRAITS.", CARDS),
        _done("troops.types", UNDEAD, "CAVALRY DO NOT POSSESS SPECIAL TRAITS.", CARDS),
        _done(
            "traits.artillery",
            UNDEAD,
            "SIEGE WEAPONS' 'ARTILLARY' TRAIT, PREVENTS THEM FROM DAMAGING TROOPS",
            COMBAT,
        ),
        _done(
            "abilities",
            UNDEAD,
            "DROPS BY I, THANKS TO THE LICH.",
            ARMIES,
            "A fragment of the Lich card (`undead.lich`): enemy troops' power drops by 1.",
        ),
        _done(
            "abilities.special",
            UNDEAD,
            "PALACE. IT HAS POWER 2. IF DEFEATED, IT IS RECRUITED AGAIN BY THE END OF THE TURN.",
            f"{ARMIES}, {ENGINE}",
            "A fragment of the Ghost card (`undead.ghost`). 'Defeated' is read as killed in battle; a "
            "Ghost destroyed for want of a complete territory is discarded.",
        ),
        _no_rule("cards.layout", UNDEAD, "POWER OF TROOPS", "A label of the card layout."),
    ),
)

PUBLISHER = Section(
    "Printing and publisher notes",
    (
        _no_rule(
            "publisher",
            UNDEAD,
            'This is the "bronze" commemorative version of Attack-the-Tower: Undead, in English.',
        ),
        _no_rule(
            "publisher",
            BANDITS,
            'This is the "bronze" version of Attack-the-Tower: Bandits, in English language.',
        ),
        _no_rule(
            "publisher",
            UNDEAD,
            "It is designed by Ocastudios and distributed by the authors as a work in Public Domain.",
            "Also in 001.",
        ),
        _no_rule(
            "publisher",
            UNDEAD,
            "It is distributed as a PDF so anyone can download, print and play it.",
            "001: 'print it and play it'.",
        ),
        _no_rule("publisher", UNDEAD, "For more information, visit www.ocastudios.com/rights", "Also in 001."),
        _no_rule(
            "publisher",
            UNDEAD,
            "Printing instructions: - don't print pages 1 and 2,",
            "Also in 001.",
        ),
        _no_rule(
            "publisher",
            UNDEAD,
            "print on both sides of the paper (even pages are the backs of odd pages).",
            "Also in 001.",
        ),
        _no_rule("publisher", UNDEAD, "In the end, everyone will be on our side.", "The Undead motto."),
        _no_rule("publisher", BANDITS, "Your weapons are useless if you don't have them.", "The Bandits motto."),
        _no_rule(
            "publisher",
            UNDEAD,
            "THERE ARE MANY ARMIES AVAILABLE IN ATTACK THE TOWER, EACH WITH ITS OWN SET OF ABILITIES.",
            "Also in 001. The armies shipped are listed below ('Armies and their cards').",
        ),
        _no_rule(
            "publisher",
            UNDEAD,
            "SOME ARE SIMPLE AND DIRECT, WHILE OTHER REQUIRE COMPLEX TACTICS.",
            "Also in 001.",
        ),
        _no_rule(
            "publisher",
            UNDEAD,
            "FIND NEW ARMIES ON OUR SITE: WWW.OCASTUDIOS.COM/ATTACK-THE-TOWER",
            "Also in 001.",
        ),
        _no_rule(
            "publisher",
            BANDITS,
            "IF YOU WISH TO KNOW MORE ABOUT THIS GAME. OR WANT THE RULES EXPLAINED IN GREATER DETAIL, YOU "
            "CAN LOOK FOR THE TOURNAMENT MANUAL ON THE SITE ABOVE.",
            "Also in 000, its words out of order.",
        ),
        _no_rule(
            "publisher",
            UNDEAD,
            "YOU CAN ALSO REACH US AT OUR PAGE AT FACEBOOK/OCASTUDIOS OR VIA EMAIL: OCA@OCASTUDIOS.COM.",
            "Also in 001.",
        ),
        _no_rule(
            "publisher",
            UNDEAD,
            "AND LASTLY, YOU CAN ACQUIRE A COMMERCIAL VERSION OF THIS GAME AT OUR E-STORE: WWW.OCASTUDIOS.COM/STORE.",
            "Also in 001.",
        ),
    ),
)


# ---- notes generated from the army data -----------------------------------------------------------
def _cell(text: str) -> str:
    """Text made safe for one Markdown table cell."""
    return text.replace("|", "/").replace("\n", " ")


def _copies(count: int, assumed: bool) -> str:
    return f"{count} (assumed)" if assumed else str(count)


def _ability_type(card: AbilityCard) -> str:
    """The card's type in words; a special ability also names the troop it recruits."""
    if card.special_troop is not None:
        spec = card.special_troop
        return f"special ({spec.name}, power {spec.power})"
    labels: dict[str, str] = {t: label for t, label in TROOP_TYPE_LABEL.items()}
    return labels.get(card.type, card.type)


def _army_note(a: Army) -> str:
    """One army as Markdown: where it is from, its notes, its ability cards and its base cards."""
    lines = [f"#### {a.name} (`{a.id}`)", "", f"Source: {_cell(a.source)}.", ""]
    if a.notes:
        lines += [a.notes, ""]
    if a.abilities:
        lines += [
            "| ability | type | printed text | copies | in the engine |",
            "|---|---|---|---|---|",
        ]
        for c in a.abilities:
            status = "implemented" if c.not_implemented is None else f"not yet: {c.not_implemented}"
            if c.not_implemented is None and c.reading is not None:
                status += f"; read as: {c.reading}"
            lines.append(
                f'| {_cell(c.name)} | {_ability_type(c)} | "{_cell(c.text)}" '
                f"| {_copies(c.copies, c.copies_assumed)} | {_cell(status)} |"
            )
        lines.append("")
    else:
        lines += ["No ability card of this army is known, so none is shipped.", ""]
    lines += ["| base | recruits | troop type | copies | source |", "|---|---|---|---|---|"]
    for b in a.bases:
        lines.append(
            f"| {_cell(b.name)} | {_cell(b.troop_name)} | {TROOP_TYPE_LABEL[b.troop_type]} "
            f"| {_copies(b.copies, b.assumed)} | {_cell(b.source)} |"
        )
    return "\n".join(lines)


READING_SOURCES = """### Reading the sources

Each quote names its seed by the first three digits of the file name: (004) the manual
`004_b630b22d9110621e.txt`, (000) the Undead edition `000_c09acff34c4da91d.txt`, (001) the Bandits edition
`001_0b2dee82f21928f2.txt`. Quotes are copied as the seeds print them, OCR slips included ('LINMANNED',
'poer', 'form'), so each can be found in its file; a long sentence may be quoted as a clause. Every
sentence of 004 is listed; a sentence of 000 or 001 is listed as well when it says something 004 does not
(the editions print the same rules in capitals, with two additions on leftover initiative damage and the
palace, a chapter on abilities and special troops, and card texts). Card facts that are not in the seeds
come from the publisher's print-and-play pages, as gathered in `shared/reference/attack-the-tower-cards.md`;
every name or count printed nowhere is marked as assumed in the tables below, which are built from the
army data files (`rules/attack_the_tower/data/`)."""


def army_notes() -> tuple[str, ...]:
    """The 'Armies and their cards' notes, one per shipped army, built from its data file."""
    intro = (
        "### Armies and their cards\n\n"
        "The ability cards of each army with their printed text and whether the engine implements "
        "them (a card marked 'not yet' can be played, with no effect), then the base cards."
    )
    return (intro, *(_army_note(army(a)) for a in ARMY_IDS))


RULEBOOK = Rulebook(
    game="Attack the Tower",
    sources=(MANUAL, UNDEAD, BANDITS),
    sections=(
        OVERVIEW,
        SETTING_UP,
        BUILDING,
        GAME_TURN,
        BATTLES,
        PALACE,
        TROOPS_AND_BASES,
        TRAITS,
        ABILITIES,
        CARD_TEXTS,
        PUBLISHER,
    ),
    rules_config=Rules,
    notes=(READING_SOURCES, *army_notes()),
)
"""The Attack the Tower registry rendered into docs/rules.md."""
