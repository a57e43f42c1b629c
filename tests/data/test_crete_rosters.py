"""Every unit the Crete scenarios name is a counter of the catalog, exactly once.

The rosters below are copied from the book's set-up and reinforcement lines
(crete:scenario:1 ... crete:scenario:13), spelled as printed.  Where the book
prints a name another way than the catalog does, the entry is written
"printed=catalog name" and the catalog unit's notes must record the printed
spelling.  "S(mtr)" and "S(Mtr)" are the same word (the catalog uses S(Mtr)).
Lines printed as "<battalion> (n units)" are checked as battalion counts.
"""

from __future__ import annotations

from collections import Counter

import pytest

from kriegsspiel.core.loading import shipped_roots
from kriegsspiel.engine.reading import read_game
from kriegsspiel.modules.gts.counters import GtsCounterSide


def names(text: str) -> list[str]:
    return [n.strip() for n in text.replace("\n", " ").split(";") if n.strip()]


# ---- rosters as printed ------------------------------------------------------
RETHYMNON_ALLIED = names("""
A 2/1 Inf; B 2/1 Inf; C 2/1 Inf; D 2/1 Inf; HQ 2/1 Inf; S(mtr) 2/1 Inf;
A 2/11 Inf; B 2/11 Inf; C 2/11 Inf; D 2/11 Inf; S(mtr) 2/11 Inf;
Det A 7 RTR; 2/1 MG; B 2/3 RAA; Sec 106 RHA;
1 1/4 Inf; 2 1/4 Inf; 3 1/4 Inf; 4 2/4 Inf; 5 2/4 Inf; 6 2/4 Inf;
1 1/5 Inf; 2 1/5 Inf; 3 1/5 Inf; 4 2/5 Inf; 5 2/5 Inf; 6 2/5 Inf;
Rethymnon; Platanias; Gallos; Perivolia""")
SCENARIO_1_AXIS = names("""
9./III./FJR 2; 11./III./FJR 2; 1. Fsch. MG 7; 2. Fsch. Flak 7; 2. Fsch.Art. 7;
10./III./FJR 2; 12./III./FJR 2; 13. FJR 2; 14. FJR 2; 2./I./FJR 2;
1./I./FJR 2; 4./I./FJR 2; 2. Fsch. MG 7; 3./I./FJR 2""")
SCENARIO_2_AXIS = names("""
9./III./FJR 2; 10./III./FJR 2; 11./III./FJR 2; 12./III./FJR 2; 1. Fsch. MG 7;
2. Fsch. Flak 7; 2. Fsch.Art. 7; 2./I./FJR=2./I./FJR 2; 1./I./FJR 2; 3./I./FJR 2;
4./I./FJR 2; 13. FJR 2; 14. FJR 2; 2. Fsch. MG 7""")
SCENARIO_3 = names("""
A 2/B W; B 2/B W; C 2/B W; D 2/B W; S(mtr) 2/B W;
A 2/4 Inf; B 2/4 Inf; C 2/4 Inf; D 2/4 Inf; S(mtr) 2/4 Inf;
A/7 Med RA; B/7 Med RA; C/7 Med RA;
A 2/Leics; B 2/Leics; C 2/Leics; D 2/Leics; S(mtr) 2/Leics;
1 1/7 Inf; 2 1/7 Inf; 3 1/7 Inf; 1/5 Garrison; 2/5 Garrison; 3/5 Garrison;
1./I./FJR 1; 6./II./FJR 1; 1. Fsch Flak 7=1. Fsch. Flak 7; 5./II./FJR 1; 7./II./FJR 1;
9./III./FJR 1; 10./III./FJR 1; 14. FJR 1; 11./III./FJR 1; 7./II./FJR 2; 8./II./FJR 2;
3./I./FJR 1; 8./II./FJR 1; 13. FJR 1; 2./I./FJR 1""")
SCENARIO_4_ADDED = names("""
1. Kgr. Vogel; 2. Kgr. Vogel; 3. Kgr. Vogel; 4. Kgr. Vogel;
Det C 7 RTR; A 1/A & S; B 1/A & S; S(Mtr) 1/A & S""")
SCENARIO_5 = names("""
A 22 Bn; B 22 Bn; C 22 Bn; D 22 Bn; S(mtr) 22 Bn;
A 21 Bn; B 21 Bn; C 21 Bn; D 21 Bn; S(mtr) 21 Bn;
A 23 Bn; B 23 Bn; C 23 Bn; D 23 Bn; S(mtr) 23 Bn; 1 HQ 23 Bn; 2 HQ 23 Bn;
A 28 Maori; B 28 Maori; C 28 Maori; D 28 Maori; S(mtr) 28; 7 NZ Fld; FPC; 19 A Trp;
A 18 Bn; B 18 Bn; C 18 Bn; D 18 Bn; S(mtr) 18 Bn;
A 19 Bn; C 19 Bn; D 19 Bn; S(mtr) 19 Bn;
A 20 Bn; B 20 Bn; C 20 Bn; D 20 Bn; S(mtr) 20 Bn;
4 NZ Fld Regt; 5 NZ Fld Regt; NZ Div Supply; NZ Div Cav Det; NZ Div Petrol; RMT;
1 1/6 Inf; 2 1/6 Inf; 3 1/6 Inf; 4 2/6 Inf; 5 2/6 Inf; 6 1/6 Inf=6 2/6 Inf;
1 1/8 Inf; 2 1/8 Inf; 3 1/8 Inf; 4 2/8 Inf; 5 2/8 Inf; 6 1/8 Inf;
A 27 NZ MG; Det D 7 RTR; Det B 3 Hussa.; Det C 3 Hussa.; B 156 Lt AA; C 7 AUS Lt AA;
2 C Hvy AA RM; A 27 Art; B 27 Art; C 27 Art; F 28 Art; 1 LT Trp RA;
A Royal Periv; B Royal Periv; C Royal Periv; D Royal Periv; A RM Bn;
1 1/2 Inf; 2 1/2 Inf; 3 1/2 Inf; 4 2/2 Inf; 5 2/2 Inf; 6 1/2 Inf;
B 2/8 Inf; C 2/8 Inf; S(Mtr) 2/8 Inf;
3./I./LLSR; 4./I./LLSR; 5./II./LLSR; 6./II./LLSR; 7./II./LLSR; 8./II./LLSR;
9./III./LLSR; 10./III./LLSR; 11./III./LLSR; 12./III./LLSR;
13./IV./LLSR; 14./IV./LLSR; 15./IV./LLSR; 3. Fsch Flak 7=3. Fsch. Flak 7; 1. Fsch.Art. 7;
16./IV./LLSR; 1./I./FJR 3; 2./I./FJR 3; 3./I./FJR 3; 4./I./FJR 3;
5./II/FJR 3=5./II./FJR 3; 6./II/FJR 3=6./II./FJR 3; 13. FJR 3; 14. FJR 3;
7./II/FJR 3=7./II./FJR 3; 9./III/FJR 3=9./III./FJR 3; 10./III/FJR 3=10./III./FJR 3;
11./III/FJR 3=11./III./FJR 3; 12./III/FJR 3=12./III./FJR 3; 4. Fsch. Flak 7;
1. Fsch. Pi. 7; 2. Fsch. Pi. 7; 3. Fsch. Pi. 7; 3. Fsch. MG 7;
1. Kgr. Ramcke; 3. Kgr. Ramcke; 2. Kgr. Ramcke; 4. Kgr. Ramcke;
1. Fsch.Pz.Jäg. 7; 2. Fsch.Pz.Jäg. 7; GrW GJR 100""")
KASTELLI = names("1 A/1 Inf; 2 A/1 Inf; 3 A/1 Inf; 1 B/1 Inf; 2 B/1 Inf; 3 B/1 Inf; Kastelli")
SCENARIO_6_ADDED = names("Det Muebe; 2./I./FJR 1")
SCENARIO_7 = names("""
A 22 Bn; B 22 Bn; S(mtr) 22 Bn; A 21 Bn; B 21 Bn; C 21 Bn; D 21 Bn; S(mtr) 21 Bn;
A 23 Bn; B 23 Bn; C 23 Bn; D 23 Bn; S(mtr) 23 Bn; 1 HQ 23 Bn; 2 HQ 23 Bn;
A 28 Maori; B 28 Maori; C 28 Maori; D 28 Maori; S(mtr) 28; 7 NZ Fld; FPC; 19 A Trp;
A 20 Bn; B 20 Bn; C 20 Bn; D 20 Bn; S(mtr) 20 Bn; Det C 3 Hussa.; A 27 Art; B 27 Art; C 27 Art;
1. Kgr. Ramcke; 2. Kgr. Ramcke; 5./II./LLSR; 7./II./LLSR; 8./II./LLSR; 13./IV./LLSR;
14./IV./LLSR; 1. Fsch.Art. 7; 1. Fsch.Pz.Jäg. 7; 2. Fsch.Pz.Jäg. 7;
3. Fsch Flak 7=3. Fsch. Flak 7; 6./II./GJR 100; 7./II./GJR 100; 8./II./GJR 100;
9./II./GJR 100; 10./II./GJR 100; GrW GRJ 100=GrW GJR 100""")
SCENARIO_8 = names("""
A 22 Bn; B 22 Bn; A 21 Bn; D 21 Bn; A 23 Bn; B 23 Bn; C 23 Bn; D 23 Bn; S(mtr) 23 Bn;
A 28 Maori; B 28 Maori; C 28 Maori; D 28 Maori; S(mtr) 28; A 20 Bn; B 20 Bn; 7 NZ Fld;
4 NZ Fld Regt; 5 NZ Fld Regt; NZ Div Supply; NZ Div Petrol; RMT; B 18 Bn; C 27 Art;
1. Kgr. Ramcke; 2. Kgr. Ramcke; 5./II./LLSR; 7./II./LLSR; 8./II./LLSR; 13./IV./LLSR;
14./IV./LLSR; 1. Fsch.Pz.Jäg. 7; 2. Fsch.Pz.Jäg. 7; 1. Fsch.Art. 7; 3. Fsch.Art. 7;
1. Fsch. Pi. 7; 3. Fsch. Pi. 7; GrW GJR 100; 1./I./Geb.Art. 95; 3./II./Geb.Art. 95;
2./I./Geb.Art. 95; 16. GJR 85; 1. KSB 55; 3. KSB 55""")
LLSR_REMNANTS = names("""
1. Kgr. Ramcke; 2. Kgr. Ramcke; 5./II./LLSR; 7./II./LLSR; 8./II./LLSR; 13./IV./LLSR;
14./IV./LLSR""")
FJR3_REMNANTS = names("""
1./I./FJR 3; 2./I./FJR=2./I./FJR 3; 3./I//FJR 3=3./I./FJR 3; 4./I./FJR 3; 5./II./FJR 3;
6./II./FJR 3; 12./III./FJR 3; 13. FJR 3; 14. FJR 3""")
CANEA_AA = names("""
A Hvy AA RM; A 234 Hvy AA; 1 C Hvy AA RM; 3 C Hvy AA RM; B 151 Hvy AA; B 234 Hvy AA;
A 129 Lt AA; B 129 Lt AA; C 129 Lt AA""")
SCENARIO_9 = names("""
A 22 Bn; B 22 Bn; A 21 Bn; D 21 Bn; A 23 Bn; D 23 Bn; S(mtr) 23 Bn;
A 28 Maori; B 28 Maori; D 28 Maori; S(mtr) 28; 19 A Trp;
4 NZ Fld=4 NZ Fld Regt; 5 NZ Fld=5 NZ Fld Regt; NZ Div Supply; NZ Div Cav Det;
NZ Div Petrol; RMT; 2 1/6 Inf; 3 1/6 Inf; 5 2/6 Inf; 6 2/6 Inf;
1 1/8 Inf; 2 1/8 Inf; 3 1/8 Inf; 4 2/8 Inf; 5 2/8 Inf; 6 1/8 Inf;
A Royal Periv; B Royal Periv; C Royal Periv; D Royal Periv;
A 1 Welch; B 1 Welch; C 1 Welch; D 1 Welch; S(mtr) 1 Welch;
A RM=A RM Bn; B RM=B RM Bn; C RM=C RM Bn; A 106 RHA; B 106 RHA; C 106 RHA;
A 2/2 Aus Fld; B 2/2 Aus Fld; A /N Hussars; B /N Hussars;
A 1 Rangers; B 1 Rangers; S(mtr) 1 Rngr; RN DDF; NZE DDF; RE DDF; Res DDF; 42 Fld RE;
1 1/2 Inf; 2 1/2 Inf; 3 1/2 Inf; 4 2/2 Inf; 5 2/2 Inf; 6 1/2 Inf;
A 2/7 Inf; B 2/7 Inf; C 2/7 Inf; D 2/7 Inf; E 2/7 Inf; S(Mtr) 2/7 Inf;
B 2/8 Inf; C 2/8 Inf; S(Mtr) 2/8 Inf; C 2/3 RAA;
1. Fsch.Pz.Jäg. 7; 2.Fsch.Pz.Jäg. 7=2. Fsch.Pz.Jäg. 7; 1. Fsch.Art. 7; 3. Fsch.Art. 7;
GrW GJR 100; GrW GJR 85; 2. Flak 609; 2./I./Geb.Art. 95; 1./I./Geb.Art. 95;
3./II./Geb.Art. 95; 4./II./Geb.Art. 95; 16. GJR 141; GrW GJR 141""") \
    + CANEA_AA + LLSR_REMNANTS + FJR3_REMNANTS
SCENARIO_10 = names("""
A 22 Bn; B 22 Bn; A 21 Bn; D 21 Bn; S(mtr) 21 Bn; A 23 Bn; D 23 Bn; S(mtr) 23 Bn;
A 28 Maori; B 28 Maori; D 28 Maori; S(mtr) 28; 19 A Trp; 5 NZ Fld=5 NZ Fld Regt;
NZ Div Supply; NZ Div Cav Det; NZ Div Petrol; A 18 Bn; B 18 Bn; A 19 Bn; C 19 Bn; A 20 Bn;
Det C 3 Hussa.; C 27 Art; A 1 Welch; B 1 Welch; C 1 Welch; D 1 Welch;
S(mtr) 1/Welch=S(Mtr) 1 Welch; A /N Hussars; B /N Hussars; A 1 Rangers; B 1 Rangers;
S(mtr) 1 Rngr; A 2/7 Inf; B 2/7 Inf; C 2/7 Inf; D 2/7 Inf; E 2/7 Inf; S(Mtr) 2/7 Inf;
B 2/8 Inf; C 2/8 Inf; S(Mtr) 2/8 Inf; A Coy A BN; B Coy A BN; C Coy A BN;
A Coy D BN; B Coy D BN; C Coy D BN; D Coy D BN; E Coy D BN;
A 129 Lt AA; B 129 Lt AA; C 129 Lt AA;
1. Fsch.Pz.Jäg. 7; 2.Fsch.Pz.Jäg. 7=2. Fsch.Pz.Jäg. 7; 1. Fsch.Art. 7; 3. Fsch.Art. 7;
6./I./GRJ 100=6./II./GJR 100; 7./II/GRJ 100=7./II./GJR 100; GrW GRJ 100=GrW GJR 100;
GrW GbJgR 85=GrW GJR 85; 16. GRJ 85=16. GJR 85; GrW GbJgR 141=GrW GJR 141;
16. GRJ 141=16. GJR 141; 2. Flak 609; 2./I./Geb.Art. 95; 1./I./Geb.Art. 95;
3./II./Geb.Art. 95""") + LLSR_REMNANTS + FJR3_REMNANTS
CANEA_SUDA = names("""
A 1 Welch; B 1 Welch; C 1 Welch; D 1 Welch; S(mtr) 1 Welch; A /N Hussars; B /N Hussars;
A 1 Rangers; B 1 Rangers; S(mtr) 1 Rngr; RN DDF; NZE DDF; RE DDF; Res DDF; 42 Fld RE;
B RM Bn; C RM Bn; A 106 RHA; B 106 RHA; C 106 RHA; A 2/2 Aus Fld; B 2/2 Aus Fld;
A 16 Aus Com; B 16 Aus Com; C 16 Aus Com; A 17 Aus Com; B 17 Aus Com; C 17 Aus Com;
A 151 Hvy AA""") + CANEA_AA
GEORGEOUPOLIS = names("""
A 2/7 Inf; B 2/7 Inf; C 2/7 Inf; D 2/7 Inf; E 2/7 Inf; S(Mtr) 2/7 Inf;
B 2/8 Inf; C 2/8 Inf; S(Mtr) 2/8 Inf; 2/8 Fld RAE; C 2/3 RAA""")
SERIALS = names("""
GrW GJR 100; 3. Fsch.Art. 7; 3./II./Geb.Art. 95; 1./I./Geb.Art. 95; 2./I./Geb.Art. 95;
16. GJR 85; 1. KSB 55; 3. KSB 55; GrW GJR 85; 2. KSB 55; 4. KSB 55; 2. Flak 609;
GrW 4. KSB 55; 4./II./Geb.Art. 95; 16. GJR 141; GrW GJR 141""")
SCENARIO_11_ADDED = names("""
Det C 7 RTR; Det Gentz; Det Altmann; 2./I./FJR 1; 1. Kgr. Ramcke; 3. Kgr. Ramcke;
1. Kgr. Vogel; 2. Kgr. Vogel; 3. Kgr. Vogel; 4. Kgr. Vogel; 5./II./PzRgt 31""") \
    + CANEA_SUDA + GEORGEOUPOLIS + SERIALS
SCENARIO_13_ADDED = names("2/8 Fld RAE; C 2/3 RAA; Det C 7 RTR; 5 II/PzRgt 31=5./II./PzRgt 31") \
    + CANEA_SUDA + SERIALS

# "<battalion> (n units)": (catalog battalion tag or formation, count).  The
# printed names of these groups, where they differ, are in the comments.
SERIAL_GROUPS = [("II./GJR 100", 5), ("I./GJR 100", 5), ("I./GJR 85", 5),
                 ("formation:Gebirgs-Pionier-Bataillon 95", 3),     # "Geb.Pi. 95"
                 ("formation:Gebirgs-Panzerjäger-Abteilung 95", 2),  # "Geb.Pz.Jag.95"
                 ("III./GJR 85", 5), ("Aufkl. 95", 3), ("II./GJR 85", 5), ("I./GJR 141", 5),
                 ("III./GJR 141", 5), ("II./GJR 141", 5)]
LAYFORCE = [("A BN", 3), ("D BN", 5)]

# scenario → (counter set, names, groups, leaders)
ROSTERS = {
    "1": ("rethymnon", RETHYMNON_ALLIED + SCENARIO_1_AXIS, [], []),
    "2": ("rethymnon", RETHYMNON_ALLIED + SCENARIO_2_AXIS, [], []),
    "3": ("heraklion", SCENARIO_3, [], []),
    "4": ("heraklion", SCENARIO_3 + SCENARIO_4_ADDED, [], []),
    "5": ("campaign", SCENARIO_5, [("II./GJR 100", 5), ("I./GJR 100", 5)], ["Brig Vassey"]),
    "6": ("campaign", RETHYMNON_ALLIED + SCENARIO_1_AXIS + SCENARIO_3 + SCENARIO_5 + KASTELLI
          + SCENARIO_6_ADDED, [("II./GJR 100", 5), ("I./GJR 100", 5)], ["Major Bedding"]),
    "7": ("campaign", SCENARIO_7,
          [("I./GJR 100", 5), ("I./GJR 85", 5),                      # "I./GRJ 85"
           ("formation:Gebirgs-Pionier-Bataillon 95", 3)],
          ["Obrst Ramcke", "5th NZ Bde Leader"]),
    "8": ("campaign", SCENARIO_8,
          [("II./GJR 100", 5), ("I./GJR 100", 5), ("formation:Gebirgs-Panzerjäger-Abteilung 95", 2)],
          ["Obrst Ramcke", "Major Heilmann", "Geb.Jäg.Rgt. 100 Leader", "5th NZ Bde Leader"]),
    "9": ("campaign", SCENARIO_9,
          [("II./GJR 100", 5), ("I./GJR 100", 5), ("III./GJR 85", 5), ("I./GJR 85", 5),
           ("A BN", 3), ("II./GJR 85", 5), ("I./GJR 141", 5), ("III./GJR 141", 5)],
          ["Brig Vassey", "Obrst Ramcke", "Geb.Jäg.Rgt. 100 Leader"]),
    "10": ("campaign", SCENARIO_10,
           [("I./GJR 100", 5), ("II./GJR 100", 5), ("I./GJR 85", 5), ("II./GJR 85", 5),
            ("III./GJR 85", 5), ("I./GJR 141", 5),
            ("III./GJR 141", 5),                                     # "III./GJR 14"
            ("Aufkl. 95", 3), ("II./GJR 141", 5)],                   # "II./GRJ 141"
           ["Brig Vassey", "Obrst Ramcke"]),
    "11": ("campaign", RETHYMNON_ALLIED + SCENARIO_1_AXIS + SCENARIO_3 + SCENARIO_5 + KASTELLI
           + SCENARIO_6_ADDED + SCENARIO_11_ADDED,
           [("1/A & S Hlds", 3), *LAYFORCE, *SERIAL_GROUPS],
           ["MajGen Weston", "Brig Vassey", "Lieutenant Colonel Campbell", "Major Bedding"]),
    "12": ("campaign", SCENARIO_5 + CANEA_SUDA + GEORGEOUPOLIS + SERIALS,
           [*LAYFORCE, *SERIAL_GROUPS], ["MajGen Weston", "Brig Vassey"]),
    "13": ("campaign", RETHYMNON_ALLIED + SCENARIO_2_AXIS + SCENARIO_3 + SCENARIO_5 + KASTELLI
           + SCENARIO_6_ADDED + SCENARIO_13_ADDED,
           [("2/8 Inf Bn (AUS)", 3), ("2/7 Inf Bn (AUS)", 6), ("1/A & S Hlds", 3), *LAYFORCE,
            *SERIAL_GROUPS],
           ["Brig Vassey", "Major Bedding", "MajGen Weston"]),
}


# S9.1 Allied Battalions, as printed: battalion → its units.
S9_1 = {
    "7 Med RAA": "A/7 Med RA; B/7 Med RA; C/7 Med RA",
    "2/Black Watch": "A 2/B W; B 2/B W; C 2/B W; D 2/B W; S(Mtr) 2/B W",
    "1/A & S Hlds": "A 1/A & S; B 1/A & S; S(Mtr) 1/A & S",
    "2/8 Inf Bn (AUS)": "B 2/8 Inf; C 2/8 Inf; S(Mtr) 2/8 Inf",
    "2/7 Inf Bn (AUS)": "A 2/7 Inf; B 2/7 Inf; C 2/7 Inf; D 2/7 Inf; E 2/7 Inf; S(Mtr) 2/7 Inf",
    "Dock Def Force": "RN DDF; NZE DDF; RE DDF; Res DDF; 42 Fld RE",
    "Royal Marines": "A RM Bn; B RM Bn; C RM Bn",
    "1st Rangers": "A 1 Rangers; B 1 Rangers; S(Mtr) 1 Rngr",
    "2/2 AUS Fld": "A 2/2 Aus Fld; B 2/2 Aus Fld",
    "1st Welch": "A 1 Welch; B 1 Welch; C 1 Welch; D 1 Welch; S(Mtr) 1 Welch",
    "2/4 Inf (AUS)": "A 2/4 Inf; B 2/4 Inf; C 2/4 Inf; D 2/4 Inf; S(Mtr) 2/4 Inf",
    "2/Yorks & Lancs": "A 2/Y & L; B 2/Y & L; C 2/Y & L; D 2/Y & L; S(Mtr) 2/Y & L",
    "2/Leicesters": "A 2/Leics; B 2/Leics; C 2/Leics; D 2/Leics; S(Mtr) 2/Leics",
    "2/1 Inf (AUS)": "A 2/1 Inf; B 2/1 Inf; C 2/1 Inf; D 2/1 Inf; S(Mtr) 2/1 Inf; HQ 2/1 Inf",
    "2/11 Inf (AUS)": "A 2/11 Inf; B 2/11 Inf; C 2/11 Inf; D 2/11 Inf; S(Mtr) 2/11 Inf",
    "16 Aus Com": "A 16 Aus Com; B 16 Aus Com; C 16 Aus Com",
    "17 Aus Com": "A 17 Aus Com; B 17 Aus Com; C 17 Aus Com",
    "Royal Periv": "A Royal Periv; B Royal Periv; C Royal Periv; D Royal Periv",
    "106 RHA": "A 106 RHA; B 106 RHA; C 106 RHA",
    "N Hussars": "A/N Hussar=A /N Hussars; B/N Hussar=B /N Hussars",
    "18 Bn": "A 18 Bn; B 18 Bn; C 18 Bn; D 18 Bn; S(Mtr) 18 Bn",
    "19 Bn": "A 19 Bn; C 19 Bn; D 19 Bn; S(Mtr) 19 Bn",
    "20 Bn": "A 20 Bn; B 20 Bn; C 20 Bn; D 20 Bn; S(Mtr) 20 Bn",
    "21 Bn": "A 21 Bn; B 21 Bn; C 21 Bn; D 21 Bn; S(Mtr) 21 Bn",
    "22 Bn": "A 22 Bn; B 22 Bn; C 22 Bn; D 22 Bn; S(Mtr) 22 Bn",
    "23 Bn": "A 23 Bn; B 23 Bn; C 23 Bn; D 23 Bn; S(Mtr) 23 Bn; 1 HQ 23 Bn; 2 HQ 23 Bn",
    "28 Maori": "A 28 Maori; B 28 Maori; C 28 Maori; D 28 Maori; S(Mtr) 28",
    "10 Comp Bn": "4 Nz Fld Regt=4 NZ Fld Regt; 5 NZ Fld Regt; NZ Div Supply; NZ Div Cav Det; RMT; "
                  "NZ Div Petrol",
}
# "Note: Layforce has no Attachment Chit, and cannot be attached. 2/8 Fld RAE is
# not part of a battalion."  "Note: FPC; 7 NZ Fld; 19 A Trp are not part of a battalion."
NOT_IN_A_BATTALION = ["2/8 Fld RAE", "FPC", "7 NZ Fld", "19 A Trp"]


@pytest.fixture(scope="module")
def crete():
    return read_game(shipped_roots()[0] / "crete")


def printed(unit) -> str:
    return unit.name or unit.id


def in_set(unit, counter_set: str) -> bool:
    """A unit without a counter set is a campaign counter every set uses."""
    return unit.counter_set in (None, counter_set)


def resolve(crete, counter_set: str, entry: str):
    shown, _, catalog = entry.partition("=")
    wanted = (catalog or shown).replace("S(mtr)", "S(Mtr)")
    found = [u for u in crete.units if printed(u) == wanted and in_set(u, counter_set)]
    return shown, wanted, found


@pytest.mark.parametrize("scenario", ROSTERS)
def test_every_printed_name_is_exactly_one_counter_of_the_scenarios_set(crete, scenario):
    counter_set, roster, _, _ = ROSTERS[scenario]
    problems = []
    for entry in roster:
        shown, wanted, found = resolve(crete, counter_set, entry)
        if len(found) != 1:
            problems.append(f"{entry!r}: {len(found)} counters")
        elif shown != wanted and "S(mtr)" not in shown and shown not in (found[0].notes or ""):
            problems.append(f"{entry!r}: the unit's notes do not record the printed spelling")
    assert problems == [], f"scenario {scenario}: " + "; ".join(problems)


@pytest.mark.parametrize("scenario", ROSTERS)
def test_battalions_printed_as_a_count_have_that_many_counters(crete, scenario):
    counter_set, _, groups, leaders = ROSTERS[scenario]
    for group, count in groups:
        if group.startswith("formation:"):
            members = [u for u in crete.units if u.formation == group.split(":", 1)[1]]
        else:
            members = [u for u in crete.units if f"battalion:{group}" in u.tags]
        assert len([u for u in members if in_set(u, counter_set)]) == count, group
    known = {leader.id for leader in crete.leaders}
    assert set(leaders) <= known


def test_campaign_battalions_are_the_s9_1_lists(crete):
    campaign = [u for u in crete.units if in_set(u, "campaign")]
    tagged: dict[str, set[str]] = {}
    for unit in campaign:
        for tag in unit.tags:
            if tag.startswith("battalion:"):
                tagged.setdefault(tag.split(":", 1)[1], set()).add(printed(unit))
    for battalion, members in S9_1.items():
        expected = set()
        for entry in names(members):
            shown, wanted, found = resolve(crete, "campaign", entry)
            assert len(found) == 1, entry
            assert shown == wanted or shown in (found[0].notes or ""), entry
            expected.add(wanted)
        assert tagged.get(battalion) == expected, battalion
    allied = {f.id for f in crete.formations if f.division in ("CREFOR", "2nd New Zealand Division")}
    allied_battalions = {b for b, units in tagged.items()
                         if any(u.formation in allied for u in campaign if printed(u) in units)}
    # Layforce's two battalions are tagged for their "(n units)" lines only
    assert allied_battalions == set(S9_1) | {"A BN", "D BN"}
    for name in NOT_IN_A_BATTALION:
        unit = next(u for u in campaign if printed(u) == name)
        assert not [t for t in unit.tags if t.startswith("battalion:")], name


def test_no_counter_is_defined_twice(crete):
    ids = Counter(u.id for u in crete.units)
    assert [i for i, n in ids.items() if n > 1] == []
    per_set = Counter((printed(u), u.counter_set) for u in crete.units)
    assert [k for k, n in per_set.items() if n > 1] == []
    # a printed name used by every set must not also be a set's own counter,
    # or a scenario of that set would find two
    shared = {printed(u) for u in crete.units if u.counter_set is None}
    assert sorted(printed(u) for u in crete.units
                  if u.counter_set is not None and printed(u) in shared) == []


def test_black_dot_counters_carry_the_dot_and_their_printed_name(crete):
    for unit in crete.units:
        if unit.counter_set in ("rethymnon", "heraklion"):
            assert unit.id == f"{unit.name} •", unit.id
        else:
            assert unit.id.endswith("•") is False and unit.name in ("", unit.id), unit.id


def test_every_unit_can_be_in_command(crete):
    """Greek units answer to any Allied Leader (crete:6.0); striped independents to
    their division's Leaders (gts:21.6); everyone else to a formation Leader."""
    formations = {f.id: f for f in crete.formations}
    leaders_of = Counter(leader.formation for leader in crete.leaders if leader.formation)
    orphans = []
    for unit in crete.units:
        formation = formations[unit.formation]
        striped = GtsCounterSide.model_validate(unit.front.values).stripe is not None
        if formation.kind == "greek":
            assert "greek" in unit.tags, unit.id
        elif not striped and not (formation.leader or leaders_of[formation.id]):
            orphans.append(unit.id)
    assert orphans == []


def test_invented_names_and_numbers_are_marked_provisional(crete):
    assert all(leader.provenance == "provisional" for leader in crete.leaders)
    for unit in crete.units:
        assert unit._origin[0].data["provenance"] == "provisional", unit.id
    # the names the book does not print are flagged one by one
    invented = {u.id for u in crete.units if u.provenance == "provisional"}
    assert "1./I./GJR 100" in invented and "6./II./GJR 100" not in invented
