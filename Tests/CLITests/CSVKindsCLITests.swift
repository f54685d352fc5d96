import Foundation
import Testing

/// Every kind wired into `spokenform csv` speaks its cell: one row, one column per kind.
@Suite struct CSVKindsCLITests {
    @Test func everyBuiltKindConvertsItsCell() throws {
        let input = """
        date,time,duration,phone,money,text
        01/04/2015,05:30,PT5H30M,06.11.22.33.06,"12,50 €","Dr Martin, 3 av. Foch"

        """
        let result = try CLI.run(["csv", "--locale", "fr-FR", "--replace",
                                  "--column", "date=date", "--column", "time=time", "--column", "duration=duration",
                                  "--column", "phone=phone", "--column", "money=currency", "--column", "text=expand"],
                                 stdin: input)
        #expect(result.status == 0, "\(result.stderr)")
        let expected = """
        date,time,duration,phone,money,text
        premier avril deux mille quinze,cinq heures trente,cinq heures et trente minutes,"zéro six, onze, vingt-deux, trente-trois, zéro six",douze euros cinquante,"docteur Martin, trois avenue Foch"

        """
        #expect(result.stdout == expected)
    }

    @Test func tagMarksForeignSpansInSSML() throws {
        let result = try CLI.run(["csv", "--locale", "fr-FR", "--column", "label=tag"],
                                 stdin: "label\nActivez le Bluetooth\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "label,label_spoken\nActivez le Bluetooth,\"<speak xml:lang=\"\"fr-FR\"\">Activez le <lang xml:lang=\"\"en\"\">Bluetooth</lang></speak>\"\n")
    }

    @Test func currencyCodeOptionAndRejectedAmounts() throws {
        let result = try CLI.run(["csv", "--locale", "en-US", "--column", "amount=currency:code=USD"],
                                 stdin: "amount\n5.50\nabc\n")
        #expect(result.stdout == "amount,amount_spoken\n5.50,five US dollars and fifty cents\nabc,abc\n")
        #expect(result.status == 1)
        #expect(result.stderr.contains("line 3, column 'amount': 'abc' is not a valid amount of money"))
    }
}
