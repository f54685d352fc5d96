"""The listening page (GET /) in a real browser: headless Chromium driven by Selenium.

    SERVER_URL=http://127.0.0.1:8080 SPOKENFORM=.build/debug/spokenform \
        python3 -m unittest -v Examples/Server/test_listen_page.py

Loads the page served by a running SpokenFormServer, types a French sentence, checks the
spoken text (equal to POST /v1/speak's), the rewrites marked on the written text with
their class, the English run marked in the spoken text, the lint findings and the audio;
then uploads Examples/Catalog/Localizable.xcstrings, downloads the converted file and
compares it byte for byte with `spokenform catalog`. axe-core (the copy bundled in the
PyPI package axe-playwright-python; Playwright itself is not used) checks the page, with
its results shown, against WCAG 2.1 A and AA and axe's best practices.

Needs Debian's chromium and chromium-driver and PyPI's selenium (scripts/install-deps.sh).
LISTEN_PAGE_SCREENSHOT=Docs/listen-page.png saves a screenshot of the results.
"""

import importlib.util
import json
import os
import shutil
import subprocess
import tempfile
import time
import unittest
import urllib.request

from selenium import webdriver
from selenium.webdriver import ActionChains
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import Select, WebDriverWait

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SERVER_URL = os.environ.get("SERVER_URL", "http://127.0.0.1:8080").rstrip("/")
SPOKENFORM = os.path.abspath(os.environ.get("SPOKENFORM", os.path.join(ROOT, ".build", "debug", "spokenform")))
CATALOG = os.path.join(ROOT, "Examples", "Catalog", "Localizable.xcstrings")
SCREENSHOT = os.environ.get("LISTEN_PAGE_SCREENSHOT")

SENTENCE = "RDV le 01/04/2015 à 5h30 au 06.11.22.33.06 : activez le Bluetooth."


def axe_source():
    """axe.min.js: $AXE_JS, else the copy inside the axe-playwright-python package (found
    without importing it, so Playwright need not be installed)."""
    if os.environ.get("AXE_JS"):
        return open(os.environ["AXE_JS"], encoding="utf-8").read()
    spec = importlib.util.find_spec("axe_playwright_python")
    if spec is None or not spec.submodule_search_locations:
        raise unittest.SkipTest("axe-core not found: pip install --no-deps axe-playwright-python (scripts/install-deps.sh)")
    with open(os.path.join(spec.submodule_search_locations[0], "axe.min.js"), encoding="utf-8") as source:
        return source.read()


def post_json(path, body):
    request = urllib.request.Request(SERVER_URL + path, data=json.dumps(body).encode("utf-8"),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


class ListenPageTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.downloads = tempfile.mkdtemp(prefix="listen-page-")
        options = webdriver.ChromeOptions()
        options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
        for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                         "--window-size=1200,1700", "--lang=en-US", "--autoplay-policy=no-user-gesture-required",
                         "--mute-audio"]:
            options.add_argument(argument)
        options.add_experimental_option("prefs", {
            "download.default_directory": cls.downloads,
            "download.prompt_for_download": False,
        })
        driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
        cls.driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
        cls.driver.set_script_timeout(60)
        # Headless Chromium saves downloads only where it is told to, through DevTools.
        cls.driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": cls.downloads})
        cls.wait = WebDriverWait(cls.driver, 30)
        cls.axe = axe_source()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        shutil.rmtree(cls.downloads, ignore_errors=True)

    def open_page(self):
        self.driver.get(SERVER_URL + "/")
        self.wait.until(lambda driver: driver.execute_script("return document.body.dataset.ready === 'true'"))

    def check_accessibility(self, context):
        """No axe-core violation of WCAG 2.1 A/AA or of axe's best practices."""
        self.driver.execute_script(self.axe)
        results = self.driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']}})
               .then(results => done({violations: results.violations.map(v => ({id: v.id, impact: v.impact,
                   help: v.help, nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 5)})), passes: results.passes.length}))
               .catch(error => done({error: String(error)}));
        """)
        self.assertNotIn("error", results, results)
        self.assertEqual(results["violations"], [], f"axe-core, {context}: {json.dumps(results['violations'], indent=1)}")
        self.assertGreater(results["passes"], 10)

    def text_of(self, selector):
        """The text of `selector` without its visible markers (language and class tags, tooltips)."""
        return self.driver.execute_script("""
            const copy = document.querySelector(arguments[0]).cloneNode(true);
            copy.querySelectorAll('.tag, .said').forEach(node => node.remove());
            return copy.textContent;
        """, selector)

    def test_text_then_catalog(self):
        driver = self.driver
        started = time.monotonic()
        self.open_page()
        self.check_accessibility("on load")

        # Keyboard: the tabs follow the arrow keys, as the WAI-ARIA tabs pattern says.
        text_tab = driver.find_element(By.ID, "tab-text")
        text_tab.send_keys(Keys.ARROW_RIGHT)
        self.assertEqual(driver.switch_to.active_element.get_attribute("id"), "tab-catalog")
        self.assertTrue(driver.find_element(By.ID, "panel-catalog").is_displayed())
        driver.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
        self.assertTrue(driver.find_element(By.ID, "panel-text").is_displayed())

        # Every language the server speaks running text in is in the menu.
        with urllib.request.urlopen(SERVER_URL + "/v1/locales", timeout=30) as response:
            languages = json.load(response)["capabilities"]["abbreviations"]["languages"]
        menu = Select(driver.find_element(By.ID, "locale"))
        self.assertEqual([option.get_attribute("value") for option in menu.options], languages)
        menu.select_by_value("fr")

        box = driver.find_element(By.ID, "text")
        box.clear()
        box.send_keys(SENTENCE)
        driver.find_element(By.ID, "say").click()
        self.wait.until(expected_conditions.visibility_of_element_located((By.ID, "text-results")))

        expected = post_json("/v1/speak", {"locale": "fr", "kind": "text", "input": SENTENCE, "options": {"tag": True}})
        self.assertIn("premier avril deux mille quinze", expected["text"])
        self.assertEqual(self.text_of("#spoken"), expected["text"])

        # The rewrites, marked on the written text with their class, in order.
        marks = driver.find_elements(By.CSS_SELECTOR, "#written mark.rewrite")
        self.assertEqual([mark.get_attribute("data-kind") for mark in marks], [r["kind"] for r in expected["rewrites"]])
        self.assertIn("date", [mark.get_attribute("data-kind") for mark in marks])
        self.assertEqual(self.text_of("#written"), SENTENCE)
        for index, (mark, rewrite) in enumerate(zip(marks, expected["rewrites"])):
            self.assertEqual(mark.find_element(By.CLASS_NAME, "tag").get_attribute("textContent"), rewrite["kind"])
            original = driver.execute_script("""
                const copy = arguments[0].cloneNode(true);
                copy.querySelectorAll('.tag, .said').forEach(node => node.remove());
                return copy.textContent;""", mark)
            self.assertEqual(original, rewrite["original"])
        # Hover, and focus from the keyboard (Tab after the Listen button), show what a
        # rewrite became; it is also the mark's description for a screen reader.
        said = marks[0].find_element(By.CLASS_NAME, "said")
        self.assertFalse(said.is_displayed())
        ActionChains(driver).move_to_element(marks[1]).perform()
        self.assertTrue(marks[1].find_element(By.CLASS_NAME, "said").is_displayed())
        ActionChains(driver).move_to_element(driver.find_element(By.TAG_NAME, "h1")).perform()
        driver.find_element(By.ID, "play").send_keys(Keys.TAB)
        self.assertEqual(driver.switch_to.active_element, marks[0])
        self.assertTrue(said.is_displayed())
        self.assertEqual(said.text, "said: " + expected["rewrites"][0]["spoken"])
        self.assertEqual(marks[0].get_attribute("aria-describedby"), said.get_attribute("id"))

        # The English run, marked with its language (and `lang`, for screen readers).
        foreign = driver.find_elements(By.CSS_SELECTOR, "#spoken .foreign[lang='en']")
        self.assertEqual(len(foreign), len([s for s in expected["spans"] if s["lang"] == "en"]))
        self.assertGreater(len(foreign), 0)
        self.assertIn("Bluetooth", foreign[0].text)
        self.assertIn("<lang xml:lang=\"en\">", driver.find_element(By.ID, "ssml").text)
        self.assertGreater(len(driver.find_elements(By.CSS_SELECTOR, "#lint li")), 0)
        self.assertIn("rewrite", driver.find_element(By.ID, "announcer").get_attribute("textContent"))

        # Listen: a WAV from the server's espeak-ng, played from memory.
        driver.find_element(By.ID, "play").click()
        self.wait.until(lambda d: d.find_element(By.ID, "player").is_displayed() or d.find_element(By.ID, "text-error").is_displayed())
        self.assertFalse(driver.find_element(By.ID, "text-error").is_displayed(), driver.find_element(By.ID, "text-error").text)
        self.wait.until(lambda d: d.execute_script(
            "const a = document.getElementById('audio'); return a.readyState >= 1 && a.duration > 0.5"))
        self.assertTrue(driver.find_element(By.ID, "audio").get_attribute("src").startswith("blob:"))
        self.check_accessibility("with the text's results")
        if SCREENSHOT:
            driver.execute_script("arguments[0].focus()", marks[0])
            driver.save_screenshot(SCREENSHOT)

        # The catalog: upload, side by side per language, download, equal to the command's.
        driver.find_element(By.ID, "tab-catalog").click()
        driver.find_element(By.ID, "catalog-file").send_keys(CATALOG)
        driver.find_element(By.ID, "convert").click()
        self.wait.until(expected_conditions.visibility_of_element_located((By.ID, "catalog-results")))
        tables = driver.find_elements(By.CSS_SELECTOR, "#catalog-tables table")
        self.assertGreater(len(tables), 0)
        for table in tables:
            for row in table.find_elements(By.CSS_SELECTOR, "tbody tr"):
                written, said = [cell.text for cell in row.find_elements(By.TAG_NAME, "td")]
                self.assertNotEqual(written, said)
        self.check_accessibility("with the catalog's results")
        if SCREENSHOT:
            driver.save_screenshot(SCREENSHOT.replace(".png", "-catalog.png"))

        link = driver.find_element(By.ID, "download")
        name = link.get_attribute("download")
        self.assertEqual(name, "LocalizableSpoken.xcstrings")
        link.click()
        path = os.path.join(self.downloads, name)
        deadline = time.monotonic() + 20
        while not os.path.exists(path) and time.monotonic() < deadline:
            time.sleep(0.1)
        self.assertTrue(os.path.exists(path), f"no download in {os.listdir(self.downloads)}")
        with open(path, "rb") as downloaded:
            page_bytes = downloaded.read()
        command = subprocess.run([SPOKENFORM, "catalog", CATALOG, "--quiet"], capture_output=True, check=True, timeout=120)
        self.assertEqual(page_bytes, command.stdout, "the page's download differs from `spokenform catalog`")
        print(f"\nlistening page: {time.monotonic() - started:.1f} s in Chromium", flush=True)


if __name__ == "__main__":
    unittest.main()
