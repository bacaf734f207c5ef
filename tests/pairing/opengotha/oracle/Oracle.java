// Asks OpenGotha 3.51.02 itself (its jar, headless) what it answers for a file:
// standings after every round, the pairing of a round, the h9 file.
// Build and run with tests/pairing/opengotha/oracle/run.sh; the answers are recorded
// as fixtures in tests/pairing/opengotha/oracle_answers/ so that the tests need no Java.
package info.vannier.gotha;

import java.io.File;
import java.util.ArrayList;
import java.util.Locale;

public class Oracle {
    static final int[] ALL = {1, 11, 12, 100, 400, 200, 300, 150, 250, 110, 111, 112, 120, 210, 211, 212,
                              220, 310, 130, 230, 501, 502};

    static String q(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') b.append('\\').append(c);
            else if (c < 32) b.append(String.format("\\u%04x", (int) c));
            else b.append(c);
        }
        return b.append('"').toString();
    }

    static void standings(Tournament t, StringBuilder out) throws Exception {
        TournamentParameterSet tps = t.getTournamentParameterSet();
        PlacementParameterSet pps = tps.getPlacementParameterSet();
        int n = tps.getGeneralParameterSet().getNumberOfRounds();
        out.append("{\"criteria\": [");
        int[] crit = pps.getPlaCriteria();
        for (int i = 0; i < crit.length; i++) out.append(i > 0 ? ", " : "").append(q(PlacementParameterSet.criterionLongName(crit[i])));
        out.append("], \"rounds\": [");
        for (int r = 0; r < n; r++) {
            ArrayList<ScoredPlayer> l = t.orderedScoredPlayersList(r, pps);
            String[] pos = ScoredPlayer.positionStrings(l, r, tps);
            // places as OpenGotha prints its standings: players without a game or bye left out
            ArrayList<ScoredPlayer> shown = new ArrayList<ScoredPlayer>();
            for (ScoredPlayer sp : l) if (t.isPlayerImplied(sp)) shown.add(sp);
            String[] shownPos = ScoredPlayer.positionStrings(shown, r, tps);
            java.util.HashMap<String, String> printed = new java.util.HashMap<String, String>();
            for (int i = 0; i < shown.size(); i++) printed.put(shown.get(i).getKeyString(), shownPos[i].trim());
            out.append(r > 0 ? ",\n" : "\n").append("[");
            for (int i = 0; i < l.size(); i++) {
                ScoredPlayer sp = l.get(i);
                out.append(i > 0 ? ",\n " : "").append("{\"key\": ").append(q(sp.getKeyString()))
                   .append(", \"place\": ").append(q(pos[i].trim()))
                   .append(", \"printed\": ").append(printed.containsKey(sp.getKeyString()) ? q(printed.get(sp.getKeyString())) : "null")
                   .append(", \"implied\": ").append(t.isPlayerImplied(sp))
                   .append(", \"dc\": ").append(sp.getCritValue(602, r))
                   .append(", \"sdc\": ").append(sp.getCritValue(601, r))
                   .append(", \"values\": {");
                for (int c = 0; c < ALL.length; c++) {
                    out.append(c > 0 ? ", " : "").append(q(PlacementParameterSet.criterionLongName(ALL[c])))
                       .append(": ").append(sp.getCritValue(ALL[c], r));
                }
                out.append("}}");
            }
            out.append("]");
        }
        out.append("]}\n");
    }

    static String bye;

    // the round's games and later ones removed, the list to pair in standings
    // order, the bye chosen and taken out of it (as Games > Pair does)
    static ArrayList<Player> prepare(Tournament t, int rn) throws Exception {
        for (Game g : new ArrayList<Game>(t.gamesList())) {
            if (g.getRoundNumber() >= rn) t.removeGame(g);
        }
        for (int r = rn; r < 20; r++) t.unassignByePlayer(r);
        TournamentParameterSet tps = t.getTournamentParameterSet();
        ArrayList<ScoredPlayer> ordered = t.orderedScoredPlayersList(rn - 1, tps.getPlacementParameterSet());
        ArrayList<Player> toPair = new ArrayList<Player>();
        for (ScoredPlayer sp : ordered) {
            Player p = t.getPlayerByKeyString(sp.getKeyString());
            if (p.getRegisteringStatus().compareTo("FIN") == 0 && p.getParticipating(rn)) toPair.add(p);
        }
        bye = null;
        if (toPair.size() % 2 != 0) {
            t.chooseAByePlayer(toPair, rn);
            Player b = t.getByePlayer(rn);
            bye = b.getKeyString();
            Player rm = null;
            for (Player p : toPair) if (p.hasSameKeyString(b)) rm = p;
            toPair.remove(rm);
        }
        return toPair;
    }

    static void pair(Tournament t, int round, StringBuilder out) throws Exception {
        int rn = round - 1;  // 0-based
        long start = System.nanoTime();
        ArrayList<Player> toPair = prepare(t, rn);
        ArrayList<Game> games = t.makeAutomaticPairing(toPair, rn);
        long elapsed = System.nanoTime() - start;
        out.append("{\"round\": ").append(round).append(", \"seconds\": ").append(String.format(Locale.ROOT, "%.3f", elapsed / 1e9))
           .append(", \"bye\": ").append(bye == null ? "null" : q(bye)).append(", \"games\": [");
        for (int i = 0; i < games.size(); i++) {
            Game g = games.get(i);
            out.append(i > 0 ? ", " : "").append("[").append(q(g.getWhitePlayer().getKeyString())).append(", ")
               .append(q(g.getBlackPlayer().getKeyString())).append(", ").append(g.getHandicap()).append("]");
        }
        out.append("]}\n");
    }

    static final String[] SEED = {"", "SPLITANDRANDOM", "SPLITANDFOLD", "SPLITANDSLIP"};
    static final String[] DUDD = {"", "TOP", "MID", "BOT"};

    // the pairing parameters as the jar holds them after reading the file, named
    // as our PairingParams; the last round of seed system 1 as the file writes it
    // (the jar holds it minus one)
    static String pairingParameters(PairingParameterSet ps) {
        return "{\"avoid_duplicate\": " + ps.getPaiBaAvoidDuplGame() + ", \"random\": " + ps.getPaiBaRandom()
            + ", \"deterministic\": " + ps.isPaiBaDeterministic() + ", \"balance_wb\": " + ps.getPaiBaBalanceWB()
            + ", \"avoid_mixing_categories\": " + ps.getPaiMaAvoidMixingCategories()
            + ", \"minimize_score_difference\": " + ps.getPaiMaMinimizeScoreDifference()
            + ", \"dudd_weight\": " + ps.getPaiMaDUDDWeight() + ", \"compensate_dudd\": " + ps.isPaiMaCompensateDUDD()
            + ", \"dudd_upper_mode\": " + q(DUDD[ps.getPaiMaDUDDUpperMode()])
            + ", \"dudd_lower_mode\": " + q(DUDD[ps.getPaiMaDUDDLowerMode()])
            + ", \"maximize_seeding\": " + ps.getPaiMaMaximizeSeeding()
            + ", \"last_round_for_seed_system1\": " + (ps.getPaiMaLastRoundForSeedSystem1() + 1)
            + ", \"seed_system1\": " + q(SEED[ps.getPaiMaSeedSystem1()])
            + ", \"seed_system2\": " + q(SEED[ps.getPaiMaSeedSystem2()])
            + ", \"additional_criterion1\": " + q(PlacementParameterSet.criterionLongName(ps.getPaiMaAdditionalPlacementCritSystem1()))
            + ", \"additional_criterion2\": " + q(PlacementParameterSet.criterionLongName(ps.getPaiMaAdditionalPlacementCritSystem2()))
            + ", \"minimize_handicap\": " + ps.getPaiSeMinimizeHandicap() + ", \"avoid_same_geo\": " + ps.getPaiSeAvoidSameGeo()
            + ", \"prefer_mms_diff_rather_than_same_country\": " + ps.getPaiSePreferMMSDiffRatherThanSameCountry()
            + ", \"prefer_mms_diff_rather_than_same_club\": " + ps.getPaiSePreferMMSDiffRatherThanSameClub()
            + ", \"bar_threshold_active\": " + ps.isPaiSeBarThresholdActive()
            + ", \"nbw_threshold_active\": " + ps.isPaiSeNbWinsThresholdActive()
            + ", \"rank_threshold\": " + ps.getPaiSeRankThreshold()
            + ", \"nx1_factor\": " + ps.getPaiStandardNX1Factor() + ", \"def_sec_crit\": " + ps.getPaiSeDefSecCrit() + "}";
    }

    // OpenGotha's cost of every pair of the round (costValue, as pairAGroup asks
    // it: the players in the order of the list to pair, the first of a pair
    // first), with what fillPairingInfo gives each player; with a file of pairs
    // (a tab between the two keys, one pair a line), the cost of those alone
    static void costs(Tournament t, int round, String pairsFile, StringBuilder out) throws Exception {
        int rn = round - 1;
        ArrayList<Player> toPair = prepare(t, rn);
        java.lang.reflect.Method fill = Tournament.class.getDeclaredMethod("fillBaseScoringInfoIfNecessary");
        fill.setAccessible(true);
        fill.invoke(t);
        t.fillPairingInfo(rn);
        java.lang.reflect.Field hmf = Tournament.class.getDeclaredField("hmScoredPlayers");
        hmf.setAccessible(true);
        @SuppressWarnings("unchecked")
        java.util.HashMap<String, ScoredPlayer> hm = (java.util.HashMap<String, ScoredPlayer>) hmf.get(t);
        java.lang.reflect.Method cv = Tournament.class.getDeclaredMethod("costValue", ScoredPlayer.class,
                ScoredPlayer.class, int.class, ArrayList.class);
        cv.setAccessible(true);
        java.lang.reflect.Method gb = Tournament.class.getDeclaredMethod("gameBetween", ScoredPlayer.class,
                ScoredPlayer.class, int.class, ArrayList.class);
        gb.setAccessible(true);
        ArrayList<Game> previous = t.gamesListBefore(rn);
        GeneralParameterSet gps = t.getTournamentParameterSet().getGeneralParameterSet();
        out.append("{\"round\": ").append(round).append(", \"bye\": ").append(bye == null ? "null" : q(bye))
           .append(", \"params\": ").append(pairingParameters(t.getTournamentParameterSet().getPairingParameterSet()))
           .append(", \"players\": [");
        for (int i = 0; i < toPair.size(); i++) {
            ScoredPlayer sp = hm.get(toPair.get(i).getKeyString());
            out.append(i > 0 ? ",\n " : "\n ").append("{\"key\": ").append(q(sp.getKeyString()))
               .append(", \"group\": ").append(sp.groupNumber).append(", \"size\": ").append(sp.groupSize)
               .append(", \"place\": ").append(sp.innerPlacement).append(", \"groups\": ").append(sp.numberOfGroups)
               .append(", \"du\": ").append(sp.nbDU).append(", \"dd\": ").append(sp.nbDD)
               .append(", \"wb\": ").append(Pairing.wbBalance(sp, rn - 1))
               .append(", \"category\": ").append(sp.category(gps)).append("}");
        }
        if (pairsFile != null) {
            // only the pairs listed in the file (a big field: every pair would be
            // hundreds of thousands), each seen from its player first in the list
            java.util.HashMap<String, Integer> index = new java.util.HashMap<String, Integer>();
            for (int i = 0; i < toPair.size(); i++) index.put(toPair.get(i).getKeyString(), i);
            out.append("],\n\"pairs\": [");
            int n = 0;
            for (String line : java.nio.file.Files.readAllLines(new File(pairsFile).toPath(), java.nio.charset.StandardCharsets.UTF_8)) {
                String[] ab = line.split("\t");
                if (ab.length != 2 || !index.containsKey(ab[0]) || !index.containsKey(ab[1])) continue;
                int i = index.get(ab[0]), j = index.get(ab[1]);
                ScoredPlayer s1 = hm.get(toPair.get(Math.min(i, j)).getKeyString());
                ScoredPlayer s2 = hm.get(toPair.get(Math.max(i, j)).getKeyString());
                out.append(n++ > 0 ? ",\n " : "\n ").append("[").append(q(s1.getKeyString())).append(", ")
                   .append(q(s2.getKeyString())).append(", ").append(cv.invoke(t, s1, s2, rn, previous)).append("]");
            }
            out.append("]}\n");
            return;
        }
        out.append("],\n\"costs\": [");
        for (int i = 0; i < toPair.size(); i++) {
            ScoredPlayer s1 = hm.get(toPair.get(i).getKeyString());
            out.append(i > 0 ? ",\n [" : "\n [");
            for (int j = i + 1; j < toPair.size(); j++) {
                ScoredPlayer s2 = hm.get(toPair.get(j).getKeyString());
                Game g = (Game) gb.invoke(t, s1, s2, rn, previous);
                out.append(j > i + 1 ? ", " : "").append("[").append(cv.invoke(t, s1, s2, rn, previous))
                   .append(", ").append(g.getHandicap()).append("]");
            }
            out.append("]");
        }
        out.append("]}\n");
    }

    // what File > Open holds of a file: every player's key, rank and rating, every game (round, white,
    // black, result) and the bye of every round (OpenGotha keeps one a round)
    static void read(Tournament t, StringBuilder out) throws Exception {
        out.append("{\"players\": [");
        ArrayList<Player> players = t.playersList();
        for (int i = 0; i < players.size(); i++) {
            Player p = players.get(i);
            out.append(i > 0 ? ",\n " : "\n ").append("[").append(q(p.getKeyString())).append(", ")
               .append(p.getRank()).append(", ").append(p.getRating()).append("]");
        }
        out.append("],\n\"games\": [");
        ArrayList<Game> games = t.gamesList();
        for (int i = 0; i < games.size(); i++) {
            Game g = games.get(i);
            out.append(i > 0 ? ",\n " : "\n ").append("[").append(g.getRoundNumber() + 1).append(", ")
               .append(q(g.getWhitePlayer().getKeyString())).append(", ").append(q(g.getBlackPlayer().getKeyString()))
               .append(", ").append(g.getResult()).append("]");
        }
        out.append("],\n\"byes\": {");
        Player[] byes = t.getByePlayers();
        int n = 0;
        for (int r = 0; r < byes.length; r++) {
            if (byes[r] == null) continue;
            out.append(n++ > 0 ? ", " : "").append(q("" + (r + 1))).append(": ").append(q(byes[r].getKeyString()));
        }
        out.append("}}\n");
    }

    // how File > Open reads a file back, all of it that a tournament's day changes: every player's key,
    // rank, rating, registering status and participation round by round ("1" plays, "0" absent), every
    // game (round, table as the file and the jar's window number it, white, black, handicap, result,
    // known colour), the bye of every round, and the standings after every round by the file's criteria
    static void readback(Tournament t, StringBuilder out) throws Exception {
        int n = t.getTournamentParameterSet().getGeneralParameterSet().getNumberOfRounds();
        out.append("{\"rounds\": ").append(n).append(", \"players\": [");
        ArrayList<Player> players = t.playersList();
        for (int i = 0; i < players.size(); i++) {
            Player p = players.get(i);
            StringBuilder part = new StringBuilder();
            for (int r = 0; r < n; r++) part.append(p.getParticipating(r) ? '1' : '0');
            out.append(i > 0 ? ",\n " : "\n ").append("[").append(q(p.getKeyString())).append(", ")
               .append(p.getRank()).append(", ").append(p.getRating()).append(", ")
               .append(q(p.getRegisteringStatus())).append(", ").append(q(part.toString())).append("]");
        }
        out.append("],\n\"games\": [");
        ArrayList<Game> games = t.gamesList();
        for (int i = 0; i < games.size(); i++) {
            Game g = games.get(i);
            out.append(i > 0 ? ",\n " : "\n ").append("[").append(g.getRoundNumber() + 1).append(", ")
               .append(g.getTableNumber() + 1).append(", ")
               .append(q(g.getWhitePlayer().getKeyString())).append(", ").append(q(g.getBlackPlayer().getKeyString()))
               .append(", ").append(g.getHandicap()).append(", ").append(q(g.resultAsString(true)))
               .append(", ").append(g.isKnownColor()).append("]");
        }
        out.append("],\n\"byes\": {");
        Player[] byes = t.getByePlayers();
        int nb = 0;
        for (int r = 0; r < byes.length; r++) {
            if (byes[r] == null) continue;
            out.append(nb++ > 0 ? ", " : "").append(q("" + (r + 1))).append(": ").append(q(byes[r].getKeyString()));
        }
        out.append("},\n\"standings\": ");
        standings(t, out);
        out.append("}\n");
    }

    // a Tournament is an RMI object: its threads keep the JVM alive after an
    // exception, so every failure ends the process here
    public static void main(String[] args) {
        try {
            answer(args);
        } catch (Throwable e) {
            e.printStackTrace();
            System.exit(1);
        }
    }

    static void answer(String[] args) throws Exception {
        String mode = args[0];
        Tournament t = (Tournament) Gotha.getTournamentFromFile(new File(args[1]));
        StringBuilder out = new StringBuilder();
        if (mode.equals("standings")) standings(t, out);
        else if (mode.equals("pair")) pair(t, Integer.parseInt(args[2]), out);
        else if (mode.equals("costs")) costs(t, Integer.parseInt(args[2]), args.length > 3 ? args[3] : null, out);
        else if (mode.equals("h9")) ExternalDocument.generateH9File(t, new File(args[2]), false);
        else if (mode.equals("save")) ExternalDocument.generateXMLFile(t, new File(args[2]));
        else if (mode.equals("read")) read(t, out);
        else if (mode.equals("readback")) readback(t, out);
        else if (mode.equals("players")) {
            for (Player p : t.playersList()) out.append(p.getKeyString()).append("\t").append(p.getRank()).append("\n");
            out.append("games ").append(t.gamesList().size()).append("\n");
            int nb = 0;
            for (Player b : t.getByePlayers()) if (b != null) nb++;
            out.append("byes ").append(nb).append("\n");
        }
        System.out.print(out);
        System.out.flush();
        System.exit(0);
    }
}
